import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../types';
import { statusView } from './status';

const of = (status: ConnectionStatus, statusMessage?: string) =>
  statusView({ name: 'sandbox-payments', status, ...(statusMessage ? { statusMessage } : {}) });

describe('connection status', () => {
  it('reads "Connected" only for ok', () => {
    expect(of('ok')).toEqual({ tone: 'ok', label: 'Connected', reconnect: false });
    for (const status of ['needs_reconnect', 'unreadable', 'check_failed', 'sandbox_stopped'] as const) {
      expect(of(status).label).not.toBe('Connected');
      expect(of(status).tone).not.toBe('ok');
      expect(of(status).message).toBeTruthy();
    }
  });

  it('asks for the credentials again when they were refused or cannot be read', () => {
    expect(of('needs_reconnect')).toMatchObject({ label: 'Needs reconnect', reconnect: true });
    expect(of('unreadable')).toMatchObject({ label: 'Unreadable: reconnect', reconnect: true });
  });

  it('shows why the last check failed, without offering a reconnect', () => {
    const view = of('check_failed', 'The check of 2026-11-24T12:00:00Z failed: the provider timed out');
    expect(view).toEqual({
      tone: 'error',
      label: 'Check failed',
      message: 'The check of 2026-11-24T12:00:00Z failed: the provider timed out',
      reconnect: false,
    });
    expect(of('check_failed').message).toMatch(/last check/);
  });

  it('tells how to start a stopped sandbox', () => {
    expect(of('sandbox_stopped')).toMatchObject({ label: 'Sandbox stopped', reconnect: false });
    expect(of('sandbox_stopped').message).toContain('c-host serve --sandbox');
    expect(of('sandbox_stopped', 'The sandbox is not running: start `c-host serve --sandbox`.').message).toBe(
      'The sandbox is not running: start `c-host serve --sandbox`.',
    );
  });

  it('does not call a status from a newer host connected', () => {
    const view = statusView({ name: 'x', status: 'rate_limited' as ConnectionStatus });
    expect(view.tone).toBe('warn');
    expect(view.label).not.toBe('Connected');
  });
});
