import type { RecordedCall } from '@c/core/testing';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { payments } from './payments-connector.js';
import {
  type PaymentsSandbox,
  type PaymentsSimulatorOptions,
  seedStripeState,
  startPaymentsSimulator,
} from './testing/index.js';

/** A connected payments client. */
export type PaymentsClient = ReturnType<typeof payments.connect>;

/** What a test file gets: the running simulator, a client connected to it, and a settable clock. */
export interface Harness {
  sim: PaymentsSandbox;
  client: PaymentsClient;
  /** The simulator's clock in Unix seconds; undefined follows the real time. */
  clock: { now: number | undefined };
  /** Connects another client to the simulator (other options, other key). */
  connect(extra?: { apiKey?: string; apiVersion?: string | undefined }): PaymentsClient;
}

/**
 * Starts one simulator for the test file, checks after every test that no request broke Stripe's
 * contract and that every POST carried an Idempotency-Key, and resets state, calls and faults.
 */
export function useSimulator(options: PaymentsSimulatorOptions = {}): Harness {
  const clock: { now: number | undefined } = { now: undefined };
  const clients: PaymentsClient[] = [];
  const harness = { clock } as Harness;
  beforeAll(async () => {
    harness.sim = await startPaymentsSimulator({
      checkResponses: true,
      now: () => clock.now ?? Math.floor(Date.now() / 1000),
      ...options,
    });
    harness.connect = (extra = {}) => {
      const { credentials, options: connection } = harness.sim.connection;
      const client = payments.connect({
        credentials: { apiKey: extra.apiKey ?? credentials.apiKey },
        baseUrl: connection.baseUrl,
        apiVersion: 'apiVersion' in extra ? extra.apiVersion : connection.apiVersion,
      });
      clients.push(client);
      return client;
    };
    harness.client = harness.connect();
  });
  afterEach(() => {
    const { server, state } = harness.sim;
    const violations = [...server.violations];
    const unkeyed = server.calls.filter((call) => call.method === 'POST' && !call.headers['idempotency-key']);
    server.reset();
    server.clearFaults();
    server.resetHandlers();
    state.reset();
    if (options.seed) seedStripeState(state);
    clock.now = undefined;
    expect(violations, 'requests or responses that break Stripe’s OpenAPI contract').toEqual([]);
    expect(
      unkeyed.map((call) => call.path),
      'POSTs without an Idempotency-Key',
    ).toEqual([]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await harness.sim?.close();
  });
  return harness;
}

/** The form body of a call as plain pairs, in order. */
export function formPairs(call: RecordedCall | undefined): [string, string][] {
  return [...(call?.bodyForm ?? new URLSearchParams())];
}

/** Runs a promise expected to fail and returns what it threw. */
export async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure, but the call succeeded');
}
