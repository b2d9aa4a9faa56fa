import { request as httpRequest } from 'node:http';
import type { AmplitudeSandbox } from '@c/analytics/testing';
import type { FastifyInstance } from 'fastify';
import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test-support/http.js';
import { holdOnce, hostWithAmplitude, listenOn, runEnded } from '../test-support/runs.js';
import type { tempHost } from '../test-support/temp-host.js';

// Async runs over HTTP, against the Amplitude simulator: an export accepted at once (202), followed
// as Server-Sent Events, its result fetched whole and as NDJSON; a run that outlives its client.

const TOKEN = 'runs-routes-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
const EVENTS = 5000;
const EXPORT = { start: '20240101T00', end: '20240101T05', maxEvents: EVENTS };

let amplitude: AmplitudeSandbox;
let host: Awaited<ReturnType<typeof tempHost>>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  // An export of 5000 events whatever the range, answered after a moment, so runs are seen running.
  ({ amplitude, host } = await hostWithAmplitude(
    { export: { events: EVENTS }, latencyMs: 200 },
    { token: TOKEN },
  ));
  ({ app, base } = await listenOn(host));
});

afterAll(async () => {
  await app.close();
  await host.cleanup();
  await amplitude.close();
});

const exports = () => amplitude.server.calls.filter((entry) => entry.path === '/api/2/export');

interface Sse {
  event: string;
  data: any;
}

/**
 * Reads a Server-Sent Events stream until the server ends it, or (with `until`) until an event
 * matches, when the client hangs up as a closed laptop would.
 */
function readEvents(
  path: string,
  until?: (event: Sse) => boolean,
): Promise<{ status: number; headers: any; events: Sse[] }> {
  return new Promise((resolve, reject) => {
    const events: Sse[] = [];
    const req = httpRequest(new URL(path, base), { headers: auth }, (res) => {
      let buffer = '';
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, events });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === undefined || data === undefined) continue;
          events.push({ event, data: JSON.parse(data) });
          if (until?.(events.at(-1)!)) {
            req.destroy();
            done();
            return;
          }
        }
      });
      res.on('end', done);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

const ended = (id: string) => runEnded(base, TOKEN, id);

describe('async runs over HTTP', () => {
  it('runs an export in the background: 202, progress then the end as Server-Sent Events, then its result', async () => {
    amplitude.server.reset();
    const accepted = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'analytics.exportData', connection: 'amp', input: EXPORT },
    });
    expect(accepted.status).toBe(202);
    expect(accepted.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued' });
    const { id } = accepted.json;
    expect(accepted.headers.location).toBe(`/api/runs/${id}`);

    const stream = await readEvents(`/api/runs/${id}/events`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-store');
    const kinds = stream.events.map((event) => event.event);
    expect(kinds[0]).toBe('status');
    expect(kinds.at(-1)).toBe('end');
    expect(kinds.filter((kind) => kind === 'end')).toHaveLength(1);
    const progress = stream.events.filter((event) => event.event === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(kinds.lastIndexOf('progress')).toBeLessThan(kinds.indexOf('end'));
    for (const event of progress) {
      expect(event.data).toMatchObject({ id, progress: { message: 'events decoded', total: EVENTS } });
    }
    const counts = progress.map((event) => event.data.progress.current);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(stream.events.at(-1)!.data).toEqual({ id, status: 'succeeded', error: null });

    const run = await call(base, 'GET', `/api/runs/${id}`, { headers: auth });
    expect(run.status).toBe(200);
    expect(run.headers['cache-control']).toBe('no-store');
    expect(run.json).toMatchObject({
      id,
      command: 'analytics.exportData',
      connection: 'amp',
      status: 'succeeded',
      progress: { message: 'events decoded', current: EVENTS, total: EVENTS },
      error: null,
    });
    expect(run.json.result.count).toBe(EVENTS);
    expect(run.json.result.truncated).toBe(false);
    expect(run.json.result.events).toHaveLength(EVENTS);
    expect(Object.keys(run.json.result)).toEqual(['events', 'count', 'truncated']);
    const { createdAt, startedAt, finishedAt } = run.json;
    expect(createdAt <= startedAt && startedAt <= finishedAt).toBe(true);
    expect(exports()).toHaveLength(1);

    const ndjson = await call(base, 'GET', `/api/runs/${id}/result?format=ndjson&download=1`, {
      headers: auth,
    });
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(ndjson.headers['content-disposition']).toBe(`attachment; filename="run-${id}.ndjson"`);
    const lines = ndjson.text.trimEnd().split('\n');
    expect(lines).toHaveLength(EVENTS);
    expect(lines.map((line) => JSON.parse(line))).toEqual(run.json.result.events);

    const json = await call(base, 'GET', `/api/runs/${id}/result`, { headers: auth });
    expect(json.json).toEqual(run.json.result);
  });

  it('goes on after its client hangs up, and its result waits in the store', async () => {
    amplitude.server.reset();
    const accepted = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'analytics.exportData', input: EXPORT },
    });
    expect(accepted.status).toBe(202);
    const { id } = accepted.json;
    // The follower leaves as soon as it hears the run is there, long before the export is read.
    const left = await readEvents(`/api/runs/${id}/events`, (event) => event.event === 'status');
    expect(left.events.map((event) => event.event)).toEqual(['status']);
    const run = await ended(id);
    expect(run.status).toBe('succeeded');
    expect(run.connection).toBe('amp');
    expect(run.result.events).toHaveLength(EVENTS);
    expect(exports()).toHaveLength(1);
    // A follower that comes after the end gets the last status, the last progress and the end.
    const late = await readEvents(`/api/runs/${id}/events`);
    expect(late.events.map((event) => event.event)).toEqual(['status', 'progress', 'end']);
  });

  it('records a failing run with its error, and has no result for it (409)', async () => {
    // The export answers 401: the connection's keys are refused.
    amplitude.server.use(
      http.get('*/api/2/export', () => Response.json({ error: 'Invalid API key' }, { status: 401 }), {
        once: true,
      }),
    );
    const accepted = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'analytics.exportData', input: EXPORT },
    });
    const run = await ended(accepted.json.id);
    expect(run).toMatchObject({ status: 'failed', result: null, error: { kind: 'auth' } });
    const result = await call(base, 'GET', `/api/runs/${run.id}/result`, { headers: auth });
    expect(result.status).toBe(409);
    expect(result.json.error).toMatchObject({ kind: 'validation', parameter: 'id' });
    await host.connections.replaceCredentials('amp', amplitude.connection.credentials);
  });

  it('cancels a running export: the call in flight is cut off and its followers see it end canceled', async () => {
    amplitude.server.reset();
    const held = holdOnce(amplitude.server, 'get', '*/api/2/export');
    const accepted = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'analytics.exportData', input: EXPORT },
    });
    const { id } = accepted.json;
    await held.arrived;
    const following = readEvents(`/api/runs/${id}/events`);
    const canceled = await call(base, 'POST', `/api/runs/${id}/cancel`, { headers: auth });
    expect(canceled.status).toBe(202);
    expect(canceled.json).toMatchObject({ id, status: 'canceling', result: null, finishedAt: null });
    await held.aborted;
    const stream = await following;
    held.release();
    expect(stream.events.at(-1)).toEqual({ event: 'end', data: { id, status: 'canceled', error: null } });
    const run = await ended(id);
    expect(run).toMatchObject({ status: 'canceled', result: null, error: null });
    const result = await call(base, 'GET', `/api/runs/${id}/result`, { headers: auth });
    expect(result.status).toBe(409);
    expect(result.json.error.message).toMatch(/canceled/);
    // Again: harmless, and the run is as it was.
    const again = await call(base, 'POST', `/api/runs/${id}/cancel`, { headers: auth });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id, status: 'canceled' });
    expect(exports()).toHaveLength(1);
  });

  it('refuses to cancel a run that has ended (409), one it does not know (404), and without the token (401)', async () => {
    const accepted = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'analytics.exportData', input: EXPORT },
    });
    const { id } = accepted.json;
    const unauthorized = await call(base, 'POST', `/api/runs/${id}/cancel`);
    expect(unauthorized.status).toBe(401);
    expect((await ended(id)).status).toBe('succeeded');
    const conflict = await call(base, 'POST', `/api/runs/${id}/cancel`, { headers: auth });
    expect(conflict.status).toBe(409);
    expect(conflict.json.error).toMatchObject({ kind: 'validation', parameter: 'id' });
    expect(conflict.json.error.message).toMatch(/has already succeeded/);
    expect((await call(base, 'GET', `/api/runs/${id}`, { headers: auth })).json.status).toBe('succeeded');
    const missing = await call(base, 'POST', '/api/runs/00000000-0000-4000-8000-000000000000/cancel', {
      headers: auth,
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error.kind).toBe('not_found');
  });

  it('refuses bad input before anything is recorded or sent, naming the parameter', async () => {
    amplitude.server.reset();
    const bad = async (body: unknown) =>
      (await call(base, 'POST', '/api/runs', { headers: auth, body })).json;
    expect(
      await bad({ command: 'analytics.exportData', input: { ...EXPORT, start: 'yesterday' } }),
    ).toMatchObject({
      error: { kind: 'validation', parameter: 'start' },
    });
    expect(await bad({ command: 'analytics.exportData', connection: 'nope', input: EXPORT })).toMatchObject({
      error: { kind: 'validation', parameter: 'connection' },
    });
    expect(
      await bad({ command: 'analytics.exportData', input: EXPORT, idempotencyKey: 'k-1' }),
    ).toMatchObject({ error: { kind: 'validation', parameter: 'idempotencyKey' } });
    expect(await bad({ input: EXPORT })).toMatchObject({
      error: { kind: 'validation', parameter: 'command' },
    });
    expect(await bad({ command: 'analytics.exportData', extra: 1 })).toMatchObject({
      error: { kind: 'validation', parameter: 'extra' },
    });
    const unknown = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'analytics.nope', input: {} },
    });
    expect(unknown.status).toBe(404);
    expect(amplitude.server.calls).toHaveLength(0);
  });

  it('answers 404 for a run it does not know, on every route', async () => {
    for (const path of ['', '/events', '/result']) {
      const missing = await call(base, 'GET', `/api/runs/00000000-0000-4000-8000-000000000000${path}`, {
        headers: auth,
      });
      expect(missing.status).toBe(404);
      expect(missing.json.error.kind).toBe('not_found');
    }
  });

  it('needs the token on every route, the event stream included', async () => {
    const accepted = await call(base, 'POST', '/api/runs', {
      body: { command: 'analytics.exportData', input: EXPORT },
    });
    expect(accepted.status).toBe(401);
    const id = (
      await call(base, 'POST', '/api/runs', {
        headers: auth,
        body: { command: 'analytics.exportData', input: EXPORT },
      })
    ).json.id;
    for (const path of ['', '/events', '/result?format=ndjson']) {
      const refused = await call(base, 'GET', `/api/runs/${id}${path}`);
      expect(refused.status).toBe(401);
      expect(refused.text).not.toContain('events decoded');
    }
    await ended(id);
  });

  it('lists the runs routes in the OpenAPI document', async () => {
    const doc = (await call(base, 'GET', '/api/openapi.json', { headers: auth })).json;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/runs',
        '/api/runs/{id}',
        '/api/runs/{id}/events',
        '/api/runs/{id}/result',
        '/api/runs/{id}/cancel',
      ]),
    );
    expect(Object.keys(doc.paths['/api/runs/{id}/cancel'].post.responses)).toEqual(
      expect.arrayContaining(['200', '202']),
    );
    expect(doc.paths['/api/runs'].post.responses['202']).toBeDefined();
  });
});
