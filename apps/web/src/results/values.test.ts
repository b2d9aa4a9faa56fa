import { describe, expect, it } from 'vitest';
import { isTimeKey, linkOf, shortUrl, timeOf } from './values';

describe('timeOf', () => {
  it('reads Unix seconds and milliseconds under keys that name a moment', () => {
    expect(timeOf('created', 1795344471)?.toISOString()).toBe('2026-11-22T10:47:51.000Z');
    expect(timeOf('current_period_end', 1795344471)).toBeInstanceOf(Date);
    expect(timeOf('createdAt', 1795344471000)?.toISOString()).toBe('2026-11-22T10:47:51.000Z');
    expect(timeOf('modifiedTime', '2026-11-08T15:00:00.000Z')?.toISOString()).toBe(
      '2026-11-08T15:00:00.000Z',
    );
  });

  it('leaves counts, ids, amounts and zoneless texts alone', () => {
    expect(timeOf('balance', 1795344471)).toBeUndefined();
    expect(timeOf('session_id', 1795255584700)).toBeUndefined();
    expect(timeOf('duration_ms', 1795255584)).toBeUndefined();
    expect(timeOf('created', 42)).toBeUndefined();
    expect(timeOf('created', 1795344471.5)).toBeUndefined();
    // Amplitude's export times carry no zone: shown as sent rather than guessed.
    expect(timeOf('event_time', '2026-11-21 10:35:40.376000')).toBeUndefined();
    expect(timeOf('start_version', '3.0.0')).toBeUndefined();
  });

  it('knows moment-like keys by their words', () => {
    expect(
      ['created', 'created_at', 'updatedAt', 'trial_end', 'dueDate', 'server_upload_time'].every(isTimeKey),
    ).toBe(true);
    expect(['id', 'name', 'time_zone', 'date_format', 'data', 'format', 'attendees'].some(isTimeKey)).toBe(
      false,
    );
  });
});

describe('links', () => {
  it('turns http(s) URLs into links, shortened for a cell', () => {
    const url = linkOf(
      'https://docs.google.com/document/d/1VX_uVJH9z3dT4QVG0FIhFxCLpzamzONaOmLu0yBZbzs/edit?usp=drivesdk',
    );
    expect(url?.host).toBe('docs.google.com');
    expect(shortUrl(url as URL)).toBe('docs.google.com/document/d/1VX_uVJH9z3dT4QVG0FI…');
    expect(shortUrl(new URL('https://linear.app/'))).toBe('linear.app');
    expect(linkOf('javascript:alert(1)')).toBeUndefined();
    expect(linkOf('/v1/customers')).toBeUndefined();
    expect(linkOf('see https://x.y')).toBeUndefined();
  });
});
