import { describe, expect, it } from 'vitest';
import {
  forgetRuns,
  loadRecentRuns,
  recordRun,
  setPendingRun,
  takePendingRun,
  withoutSecrets,
} from './recent-runs';

describe('recent runs', () => {
  it('keeps runs newest first in localStorage, without credential parameters', () => {
    recordRun({ commandId: 'a.one', title: 'One', input: { x: 1 }, ok: true, durationMs: 5 });
    const runs = recordRun({
      commandId: 'analytics.sendEvents',
      title: 'Send Events',
      connection: 'sandbox-analytics',
      input: { apiKey: 'secret-key', events: [] },
      ok: false,
      errorKind: 'auth',
      durationMs: 9,
    });
    expect(runs.map((run) => run.commandId)).toEqual(['analytics.sendEvents', 'a.one']);
    expect(loadRecentRuns()[0]?.input).toEqual({ events: [] });
    expect(window.localStorage.getItem('c-host.recentRuns')).not.toContain('secret-key');
    expect(forgetRuns(runs[0]?.id).map((run) => run.commandId)).toEqual(['a.one']);
    expect(forgetRuns()).toEqual([]);
  });

  it('caps the list and survives broken storage', () => {
    for (let index = 0; index < 35; index += 1)
      recordRun({ commandId: `a.c${index}`, title: 'C', input: {}, ok: true, durationMs: 1 });
    expect(loadRecentRuns()).toHaveLength(30);
    window.localStorage.setItem('c-host.recentRuns', '{broken');
    expect(loadRecentRuns()).toEqual([]);
  });

  it('drops every credential-like key', () => {
    expect(withoutSecrets({ apiKey: 1, secret_key: 2, accessToken: 3, password: 4, name: 5 })).toEqual({
      name: 5,
    });
  });

  it('hands a pending run only to its own command, once', () => {
    setPendingRun({ commandId: 'a.b', input: { x: 1 }, autorun: true });
    expect(takePendingRun('a.c')).toBeUndefined();
    expect(takePendingRun('a.b')).toMatchObject({ input: { x: 1 } });
    expect(takePendingRun('a.b')).toBeUndefined();
  });
});
