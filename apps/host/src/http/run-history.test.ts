import type { TestServer } from '@c/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../access.js';
import { FAKE_KEY } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { McpClients } from '../test-support/mcp-clients.js';
import { type ServedHost, servedWithThings } from '../test-support/served-host.js';

// The run history (`GET /api/runs`): one line for every run, whichever surface ran it — the API
// with the token, the web UI with a session, MCP, a command line on the same store, a background
// run — filtered and paged, with no input, result or secret in it.

const TOKEN = 'run-history-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

let served: ServedHost;
let provider: TestServer;
let host: ServedHost['host'];
let base: string;
let cookie: string;
const clients = new McpClients();

beforeAll(async () => {
  const withThings = await servedWithThings(TOKEN);
  ({ provider, host, base } = withThings);
  served = withThings;
  const { port } = withThings;
  cookie = `c_host_session_${port}=${await host.access.createSession()}`;
});

afterAll(async () => {
  await clients.close();
  await served.close();
});

const history = async (query = '') => {
  const listed = await call(base, 'GET', `/api/runs${query}`, { headers: auth });
  expect(listed.status, listed.text).toBe(200);
  return listed;
};

describe('GET /api/runs', () => {
  it('lists the runs of every surface, newest first, each named by where it came from', async () => {
    // The API with the token: the answer names the run's line.
    const byToken = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: auth,
      body: { input: { thingId: 'th_1' } },
    });
    expect(byToken.status).toBe(200);
    const runId = byToken.headers['c-run-id'];
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    // The web UI: a session, and a provider's refusal.
    const bySession = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: { cookie },
      body: { input: { thingId: 'th_missing' } },
    });
    expect(bySession.status).toBe(404);
    // A dry run of a write, from the web UI.
    await call(base, 'POST', '/api/commands/things.deleteThing/run', {
      headers: { cookie },
      body: { input: { thingId: 'th_9' }, dryRun: true },
    });
    // An agent over MCP.
    const agent = await clients.http(base, TOKEN, '?toolsets=all');
    await agent.callTool({ name: 'things_getThing', arguments: { thingId: 'th_2' } });
    // A lookup filling a form's choice list is not a run a person looks back on.
    const lookup = await call(base, 'POST', '/api/commands/things.getThing/run', {
      headers: { cookie },
      body: { input: { thingId: 'th_7' }, lookup: true },
    });
    expect(lookup.status).toBe(200);
    // A command line on the same store.
    await host.runner.call('things.getThing', { thingId: 'th_3' });
    // A background run: its line has the run's own id.
    const started = await call(base, 'POST', '/api/runs', {
      headers: auth,
      body: { command: 'things.getThings', input: { limit: 2 } },
    });
    expect(started.status).toBe(202);
    await expect
      .poll(async () => (await history('?surface=async')).json.runs[0]?.status, { timeout: 10_000 })
      .toBe('succeeded');

    const listed = await history();
    expect(listed.json.runs.map((run: any) => [run.surface, run.command, run.status, run.outcome])).toEqual([
      ['async', 'things.getThings', 'succeeded', 'ok'],
      ['cli', 'things.getThing', 'succeeded', 'ok'],
      ['mcp', 'things.getThing', 'succeeded', 'ok'],
      ['web', 'things.deleteThing', 'succeeded', 'ok'],
      ['web', 'things.getThing', 'failed', 'not_found'],
      ['http', 'things.getThing', 'succeeded', 'ok'],
    ]);
    const [background, , , dry, refused, first] = listed.json.runs;
    expect(background.id).toBe(started.json.id);
    expect(first).toMatchObject({
      id: runId,
      connection: 'main',
      actor: `token:${sha256(TOKEN).slice(0, 12)}`,
      dryRun: false,
      durationMs: expect.any(Number),
    });
    expect(dry.dryRun).toBe(true);
    expect(refused).toMatchObject({
      actor: expect.stringMatching(/^session:/),
      message: 'Things found nothing there (404)',
    });
    // No input, no result, no secret: only what a history needs.
    expect(listed.text).not.toContain('th_1');
    expect(listed.text).not.toContain(FAKE_KEY);
    expect(listed.text).not.toContain(TOKEN);
    expect(listed.json).not.toHaveProperty('nextCursor');
  });

  it('filters by command, connection, surface and status, and pages with the cursor', async () => {
    expect((await history('?surface=web')).json.runs).toHaveLength(2);
    expect((await history('?status=failed')).json.runs.map((run: any) => run.outcome)).toEqual(['not_found']);
    expect((await history('?command=things.getThings')).json.runs).toHaveLength(1);
    expect((await history('?connection=other')).json.runs).toEqual([]);
    const page = await history('?limit=4');
    expect(page.json.runs).toHaveLength(4);
    const next = await history(`?limit=4&cursor=${page.json.nextCursor}`);
    expect(next.json.runs.map((run: any) => run.surface)).toEqual(['web', 'http']);
    expect(next.json).not.toHaveProperty('nextCursor');
  });

  it('refuses a bad filter naming it, and a caller without the token or a session', async () => {
    expect((await call(base, 'GET', '/api/runs')).status).toBe(401);
    for (const [query, parameter] of [
      ['?surface=phone', 'surface'],
      ['?status=done', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=abc', 'limit'],
      ['?colour=red', 'colour'],
    ] as const) {
      const refused = await call(base, 'GET', `/api/runs${query}`, { headers: auth });
      expect(refused.status, query).toBe(400);
      expect(refused.json.error, query).toMatchObject({ kind: 'validation' });
      expect(refused.json.error.message, query).toContain(parameter);
    }
  });
});
