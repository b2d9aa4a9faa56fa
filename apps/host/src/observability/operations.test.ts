import { defineCommand, defineConnector, HttpClient, oauth2Auth } from '@c/core';
import { createTestServer, type TestServer } from '@c/core/testing';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempHost } from '../test-support/temp-host.js';
import { parseAuditQuery } from './audit-query.js';
import type { RunInfo, RunSummary, RunWatcher } from './operations.js';
import { actorOf, withRequestContext } from './request-context.js';
import { otlpEndpoints } from './telemetry.js';

// What the connection manager tells the operations side, whatever the surface: the audit log of
// writes and connection changes (who acted: `cli` outside a request), and each run's summary.

interface Ctx {
  http: HttpClient;
  close(): Promise<void>;
}

/** An OAuth connector whose access token has expired: its first call refreshes it. */
const tasks = defineConnector({
  id: 'tasks',
  title: 'Tasks',
  description: 'A fake OAuth provider.',
  credentials: (z) =>
    z.object({
      accessToken: z.string().meta({ title: 'Access token', description: 'OAuth access token' }),
      refreshToken: z
        .string()
        .optional()
        .meta({ title: 'Refresh token', description: 'OAuth refresh token' }),
      expiresAt: z.number().optional().meta({ title: 'Expires at', description: 'Epoch ms' }),
    }),
  options: (z) => z.object({ baseUrl: z.url().meta({ title: 'Base URL', description: 'Where' }) }),
  auth: { type: 'oauth2', authorizationUrl: 'http://127.0.0.1:9/authorize', tokenUrl: '', scopes: [] },
  commands: {
    getTask: defineCommand({
      key: 'getTask',
      title: 'Get Task',
      description: 'Reads one task.',
      input: (z) => z.object({ taskId: z.string().meta({ title: 'Task Id', description: 'Its id' }) }),
      annotations: { readOnly: true },
      async run(input, ctx: Ctx) {
        return (await ctx.http.request({ method: 'GET', path: `/tasks/${input.taskId}` })).data;
      },
    }),
    closeTask: defineCommand({
      key: 'closeTask',
      title: 'Close Task',
      description: 'Closes one task.',
      input: (z) => z.object({ taskId: z.string().meta({ title: 'Task Id', description: 'Its id' }) }),
      annotations: { readOnly: false, idempotent: true },
      async run(input, ctx: Ctx) {
        return (await ctx.http.request({ method: 'POST', path: `/tasks/${input.taskId}/close` })).data;
      },
    }),
  },
  createContext({ credentials, options, onTokens, coordinateRefresh }): Ctx {
    const client = new HttpClient({
      provider: 'Tasks',
      baseUrls: { default: options.baseUrl, token: `${options.baseUrl}/oauth/token` },
      auth: oauth2Auth({
        ...credentials,
        clientId: 'client-1',
        clientSecret: 'client-secret-1',
        provider: 'Tasks',
        onTokens,
        coordinateRefresh,
      }),
      requestIdHeader: 'x-request-id',
      retry: { maxRetries: 0 },
    });
    return { http: client, close: () => client.close() };
  },
});

let provider: TestServer;
beforeAll(async () => {
  let issued = 0;
  provider = await createTestServer([
    http.post('*/oauth/token', () => {
      issued += 1;
      return HttpResponse.json({
        access_token: `at_${issued}`,
        refresh_token: `rt_${issued}`,
        expires_in: 3600,
      });
    }),
    http.get('*/tasks/:id', ({ params }) =>
      HttpResponse.json({ id: params.id }, { headers: { 'x-request-id': `req_get_${params.id}` } }),
    ),
    http.post('*/tasks/:id/close', ({ params }) =>
      params.id === 'locked'
        ? HttpResponse.json({ error: 'locked' }, { status: 403, headers: { 'x-request-id': 'req_locked' } })
        : HttpResponse.json(
            { id: params.id, closed: true },
            { headers: { 'x-request-id': `req_close_${params.id}` } },
          ),
    ),
  ]);
});
afterAll(() => provider.close());
afterEach(() => provider.reset());

async function hostWithConnection() {
  const host = await tempHost([tasks]);
  await host.connections.create(
    {
      name: 'team',
      connector: 'tasks',
      credentials: { accessToken: 'at_0', refreshToken: 'rt_0', expiresAt: Date.now() - 1000 },
      options: { baseUrl: provider.url },
    },
    { verify: false },
  );
  return host;
}

/** A watcher that writes down what it hears. */
function recorder() {
  const runs: { info: RunInfo; summary?: RunSummary; calls: string[] }[] = [];
  const refreshed: string[] = [];
  const watcher: RunWatcher = {
    startRun(info) {
      const run: (typeof runs)[number] = { info, calls: [] };
      runs.push(run);
      return {
        observer: {
          onCall: (call) => {
            run.calls.push(`${call.method} ${new URL(call.url).pathname}`);
            return undefined;
          },
        },
        end: (summary) => {
          run.summary = summary;
        },
      };
    },
    refreshed: (connection) => refreshed.push(connection),
  };
  return { runs, refreshed, watcher };
}

describe('the audit log through the connection manager', () => {
  it('records connection changes and write runs made outside a request as `cli`, failures with their kind', async () => {
    const host = await hostWithConnection();
    try {
      const { connections, runner } = host;
      await runner.call('tasks.getTask', { taskId: 't1' }, { connection: 'team' });
      await runner.call('tasks.closeTask', { taskId: 't1' }, { connection: 'team', dryRun: true });
      await runner.call('tasks.closeTask', { taskId: 't1' }, { connection: 'team', idempotencyKey: 'k-1' });
      const onReplay = vi.fn();
      await runner.call(
        'tasks.closeTask',
        { taskId: 't1' },
        { connection: 'team', idempotencyKey: 'k-1', onReplay },
      );
      expect(onReplay).toHaveBeenCalledOnce();
      await expect(
        runner.call('tasks.closeTask', { taskId: 'locked' }, { connection: 'team' }),
      ).rejects.toMatchObject({ kind: 'permission' });
      await connections.replaceCredentials('team', { accessToken: 'at_new' });
      await connections.setDefault('team');
      await expect(connections.remove('ghost')).rejects.toMatchObject({ kind: 'not_found' });
      await connections.remove('team');

      const entries = await host.store.audit.listAudit({ limit: 100 });
      expect(
        entries.map((entry) => [entry.actor, entry.action, entry.target, entry.outcome, entry.requestId]),
      ).toEqual([
        ['cli', 'connection.remove', 'team', 'ok', undefined],
        ['cli', 'connection.remove', 'ghost', 'not_found', undefined],
        ['cli', 'connection.default', 'team', 'ok', undefined],
        ['cli', 'connection.update', 'team', 'ok', undefined],
        ['cli', 'command.run', 'tasks.closeTask', 'permission', 'req_locked'],
        ['cli', 'command.run', 'tasks.closeTask', 'replayed', undefined],
        ['cli', 'command.run', 'tasks.closeTask', 'ok', 'req_close_t1'],
        ['cli', 'connection.create', 'team', 'ok', undefined],
      ]);
      expect(
        entries
          .filter((entry) => entry.action === 'command.run')
          .every((entry) => entry.connection === 'team'),
      ).toBe(true);
    } finally {
      await host.cleanup();
    }
  });

  it('names the request’s actor inside a request', async () => {
    const host = await hostWithConnection();
    try {
      const actor = actorOf('token', 'some-token');
      await withRequestContext({ actor }, () =>
        host.runner.call('tasks.closeTask', { taskId: 't2' }, { connection: 'team' }),
      );
      const [entry] = await host.store.audit.listAudit({ limit: 1 });
      expect(entry).toMatchObject({ actor, action: 'command.run', target: 'tasks.closeTask', outcome: 'ok' });
      expect(actor).toMatch(/^token:[0-9a-f]{12}$/);
      expect(actor).not.toContain('some-token');
    } finally {
      await host.cleanup();
    }
  });

  it('keeps the run’s result when the audit entry cannot be written, and says so', async () => {
    const host = await hostWithConnection();
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const append = vi.spyOn(host.store.audit, 'appendAudit').mockRejectedValue(new Error('database away'));
    try {
      await expect(
        host.runner.call('tasks.closeTask', { taskId: 't3' }, { connection: 'team' }),
      ).resolves.toEqual({ id: 't3', closed: true });
      expect(append).toHaveBeenCalledOnce();
      expect(warning).toHaveBeenCalledWith(
        expect.stringContaining('audit entry for command.run tasks.closeTask'),
      );
    } finally {
      warning.mockRestore();
      append.mockRestore();
      await host.cleanup();
    }
  });
});

describe('run watchers', () => {
  it('hear each run’s calls and its summary, and each OAuth refresh; nothing once removed', async () => {
    const host = await hostWithConnection();
    const { runs, refreshed, watcher } = recorder();
    const unwatch = host.operations.watch(watcher);
    try {
      await host.runner.call('tasks.getTask', { taskId: 't4' }, { connection: 'team' });
      await expect(
        host.runner.call('tasks.closeTask', { taskId: 'locked' }, { connection: 'team' }),
      ).rejects.toThrow();
      unwatch();
      await host.runner.call('tasks.getTask', { taskId: 't5' }, { connection: 'team' });
    } finally {
      await host.cleanup();
    }
    expect(refreshed).toEqual(['team']);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({
      info: { command: 'tasks.getTask', connector: 'tasks', connection: 'team', write: false, dryRun: false },
      // The expired token was refreshed as the call began, before its first attempt: a call of its own.
      calls: ['GET /tasks/t4', 'POST /oauth/token'],
      summary: {
        outcome: 'ok',
        calls: 2,
        retries: 0,
        requestId: 'req_get_t4',
        replayed: false,
        actor: 'cli',
      },
    });
    expect(runs[0]!.summary!.durationMs).toBeGreaterThan(0);
    expect(runs[1]!.summary).toMatchObject({ outcome: 'permission', requestId: 'req_locked', calls: 1 });
  });
});

describe('parseAuditQuery', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  it('reads a limit and a time or a duration back from now', () => {
    expect(parseAuditQuery({}, now)).toEqual({ limit: 100 });
    expect(parseAuditQuery({ limit: '5', since: '24h' }, now)).toEqual({
      limit: 5,
      since: new Date('2026-03-09T12:00:00.000Z'),
    });
    expect(parseAuditQuery({ since: '30m' }, now).since).toEqual(new Date('2026-03-10T11:30:00.000Z'));
    expect(parseAuditQuery({ since: '7d' }, now).since).toEqual(new Date('2026-03-03T12:00:00.000Z'));
    expect(parseAuditQuery({ since: '2026-03-01' }, now).since).toEqual(new Date('2026-03-01T00:00:00.000Z'));
    expect(parseAuditQuery({ since: '2026-03-01T10:00:00+02:00' }, now).since).toEqual(
      new Date('2026-03-01T08:00:00.000Z'),
    );
  });

  it('refuses what is not one, naming the parameter', () => {
    for (const [raw, parameter] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '1001' }, 'limit'],
      [{ limit: '2.5' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ since: 'March 3' }, 'since'],
      [{ since: '1' }, 'since'],
      [{ since: '2026-13-45' }, 'since'],
      [{ since: '5w' }, 'since'],
    ] as const) {
      expect(() => parseAuditQuery(raw, now), JSON.stringify(raw)).toThrow(
        expect.objectContaining({ kind: 'validation', parameter }),
      );
    }
  });
});

describe('otlpEndpoints', () => {
  it('reads the standard variables: a base endpoint, one per signal, or none', () => {
    expect(otlpEndpoints({})).toBeUndefined();
    expect(otlpEndpoints({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      traces: 'http://collector:4318/v1/traces',
      metrics: 'http://collector:4318/v1/metrics',
    });
    expect(
      otlpEndpoints({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp',
        OTEL_METRICS_EXPORTER: 'none',
      }),
    ).toEqual({ traces: 'https://traces.example/otlp', metrics: undefined });
    expect(
      otlpEndpoints({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
  });

  it('refuses an endpoint that is not an http(s) URL, naming the variable', () => {
    expect(() => otlpEndpoints({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' })).toThrow(
      expect.objectContaining({ kind: 'validation', parameter: 'OTEL_EXPORTER_OTLP_ENDPOINT' }),
    );
  });
});
