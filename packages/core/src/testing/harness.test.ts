import { HttpResponse, http } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { failure, useSimulator } from './harness.js';
import { defineSimulator, type RunningSimulator } from './simulator.js';
import { createTestServer } from './test-server.js';

let resets = 0;
let closed = 0;

/** A one-endpoint simulator, shaped as every connector's is. */
const echoSimulator = defineSimulator({
  connectorId: 'echo',
  speaks: 'Echo API v1',
  async start(options = {}): Promise<RunningSimulator<{ apiKey: string }, { baseUrl: string }>> {
    const server = await createTestServer([http.get('*/v1/ping', () => HttpResponse.json({ pong: true }))], {
      port: options.port,
    });
    return {
      connectorId: 'echo',
      url: server.url,
      server,
      connection: { credentials: { apiKey: 'echo_key_123456' }, options: { baseUrl: server.url } },
      reset() {
        resets += 1;
        server.reset();
      },
      async close() {
        closed += 1;
        await server.close();
      },
    };
  },
});

describe('useSimulator', () => {
  const clientsClosed: string[] = [];
  const harness = useSimulator(echoSimulator, {
    connect: (sim, extra) => ({
      baseUrl: sim.connection.options.baseUrl,
      tag: String(extra?.tag ?? 'default'),
      async close() {
        clientsClosed.push(this.tag);
      },
    }),
  });

  afterAll(() => {
    // The harness's own afterAll runs after this one: the clients are closed by then, not yet here.
    expect(clientsClosed).toEqual([]);
  });

  it('starts the simulator once and connects a client to it', async () => {
    expect(Object.isFrozen(echoSimulator)).toBe(true);
    expect(harness.sim.connectorId).toBe('echo');
    expect(harness.client.baseUrl).toBe(harness.sim.url);
    const response = await fetch(`${harness.sim.url}/v1/ping`);
    expect(await response.json()).toEqual({ pong: true });
    expect(harness.sim.server.calls).toHaveLength(1);
  });

  it('resets the simulator after every test and connects more clients on demand', () => {
    expect(resets).toBe(1);
    expect(harness.sim.server.calls).toHaveLength(0);
    expect(harness.connect({ tag: 'other' }).tag).toBe('other');
    expect(closed).toBe(0);
  });

  it('counts the requests that may write, recorded or not, and not the reads', async () => {
    const before = harness.sim.server.writes;
    harness.sim.server.limitRecording(0);
    await fetch(`${harness.sim.url}/v1/ping`);
    await fetch(`${harness.sim.url}/v1/ping`, { method: 'HEAD' });
    expect(harness.sim.server.writes).toBe(before);
    await fetch(`${harness.sim.url}/v1/ping`, { method: 'POST', body: '{}' });
    await fetch(`${harness.sim.url}/v1/ping`, { method: 'DELETE' });
    expect(harness.sim.server.writes).toBe(before + 2);
    expect(harness.sim.server.calls).toHaveLength(0);
    harness.sim.server.limitRecording(undefined);
  });

  it('failure() hands back what a promise threw, and fails when it succeeds', async () => {
    expect(await failure(Promise.reject(new TypeError('boom')))).toBeInstanceOf(TypeError);
    await expect(failure(Promise.resolve(1))).rejects.toThrow(/expected a failure/);
  });
});
