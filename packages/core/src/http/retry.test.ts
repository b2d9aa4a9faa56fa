import { describe, expect, it } from 'vitest';
import { backoffDelay, defaultRetryPolicy, parseRetryAfter, sleep } from './retry.js';

describe('parseRetryAfter', () => {
  it('reads seconds, fractional seconds and retry-after-ms', () => {
    expect(parseRetryAfter({ 'retry-after': '3' })).toBe(3000);
    expect(parseRetryAfter({ 'retry-after': '0.5' })).toBe(500);
    expect(parseRetryAfter({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter({ 'retry-after': 'Sun, 22 Nov 2026 10:00:07 GMT' }, now)).toBe(7000);
    expect(parseRetryAfter({ 'retry-after': 'Sun, 22 Nov 2026 09:00:00 GMT' }, now)).toBe(0);
  });

  it('ignores garbage', () => {
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfter({})).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('is full jitter under a doubling ceiling capped at maxDelayMs', () => {
    const policy = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(policy, 0, () => 0.999)).toBe(99);
    expect(backoffDelay(policy, 2, () => 0.5)).toBe(200);
    expect(backoffDelay(policy, 10, () => 0.999)).toBe(999);
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
  });
});

describe('sleep', () => {
  it('rejects with the abort reason', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
