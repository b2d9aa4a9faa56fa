import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { RunningSimulator, Simulator, SimulatorStartOptions } from './simulator.js';

/** Something `connect()` returned: closed when the test file ends. */
interface Closable {
  close(): Promise<void>;
}

/** Options of `useSimulator`. */
export interface HarnessOptions<Running extends RunningSimulator<any, any>, Client extends Closable> {
  /** Start options of the simulator (e.g. `{ seed: true }`, a clock). */
  start?: SimulatorStartOptions & Record<string, unknown>;
  /** Connects a client to the running simulator; `extra` comes from `harness.connect(extra)`. */
  connect(sim: Running, extra?: Record<string, unknown>): Client;
  /** More checks after every test (e.g. every POST carried an idempotency key), before the reset. */
  afterEachCheck?(sim: Running): void;
}

/** What a test file gets: the running simulator and a client connected to it. */
export interface Harness<Running extends RunningSimulator<any, any>, Client extends Closable> {
  readonly sim: Running;
  readonly client: Client;
  /** Connects another client (other credentials or options); closed with the file. */
  connect(extra?: Record<string, unknown>): Client;
}

/**
 * Starts one simulator for the test file and connects a client to it. After every test it checks
 * that no request or response broke the provider's published contract, runs the connector's own
 * checks, and resets the simulator; at the end it closes every client and the simulator.
 */
export function useSimulator<Running extends RunningSimulator<any, any>, Client extends Closable>(
  simulator: Simulator<Running, any>,
  options: HarnessOptions<Running, Client>,
): Harness<Running, Client> {
  const clients: Client[] = [];
  let sim: Running | undefined;
  let client: Client | undefined;
  const connect = (extra?: Record<string, unknown>) => {
    if (!sim) throw new Error('the simulator is not started yet: use the harness inside a test');
    const made = options.connect(sim, extra);
    clients.push(made);
    return made;
  };
  beforeAll(async () => {
    sim = await simulator.start(options.start);
    client = connect();
  });
  afterEach(() => {
    if (!sim) return;
    const violations = [...sim.server.violations];
    try {
      options.afterEachCheck?.(sim);
    } finally {
      sim.reset();
    }
    expect(violations, `requests or responses that break the ${sim.connectorId} provider's contract`).toEqual(
      [],
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((made) => made.close()));
    await sim?.close();
  });
  return {
    get sim() {
      if (!sim) throw new Error('the simulator is not started yet: use the harness inside a test');
      return sim;
    },
    get client() {
      if (!client) throw new Error('the simulator is not started yet: use the harness inside a test');
      return client;
    },
    connect,
  };
}

/** Runs a promise that must fail and returns what it threw (fails the test when it succeeds). */
export async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure, but the call succeeded');
}
