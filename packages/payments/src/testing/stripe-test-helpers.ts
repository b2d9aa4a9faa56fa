// Helpers of this package's tests (not exported from `@c/payments/testing`: they import vitest).
import type { Command } from '@c/core';
import type { RecordedCall } from '@c/core/testing';
import type { HarnessOptions } from '@c/core/testing/vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { type PaymentsClient, payments } from '../payments-connector.js';
import type { PaymentsSandbox, PaymentsSimulatorOptions } from './stripe-simulator.js';

/** What `harness.connect(extra)` may change: another key, another (or no) API version. */
export interface ConnectExtra {
  apiKey?: string;
  apiVersion?: string | undefined;
}

/** `connect` of `useSimulator`: a client on the simulator, with another key or API version when given. */
export function connectPayments(sim: PaymentsSandbox, extra: ConnectExtra = {}): PaymentsClient {
  const { credentials, options } = sim.connection;
  return payments.connect({
    credentials: { apiKey: extra.apiKey ?? credentials.apiKey },
    baseUrl: options.baseUrl,
    // `apiVersion: undefined` given on purpose: a connection on the package's default version.
    apiVersion: 'apiVersion' in extra ? extra.apiVersion : options.apiVersion,
  });
}

/** Stripe's own check after every test: every POST carried an Idempotency-Key. */
export function expectEveryPostKeyed(sim: PaymentsSandbox): void {
  const unkeyed = sim.server.calls.filter(
    (call) => call.method === 'POST' && !call.headers['idempotency-key'],
  );
  expect(
    unkeyed.map((call) => call.path),
    'POSTs without an Idempotency-Key',
  ).toEqual([]);
}

/**
 * The harness options of this package's tests: responses checked against the contract too, every
 * POST keyed, clients connected by `connectPayments`.
 */
export function stripeHarness(
  start: PaymentsSimulatorOptions = {},
): HarnessOptions<PaymentsSandbox, PaymentsClient> {
  return {
    start: { checkResponses: true, ...start },
    connect: (sim, extra) => connectPayments(sim, extra as ConnectExtra | undefined),
    afterEachCheck: expectEveryPostKeyed,
  };
}

/** The form body of a call as plain pairs, in order. */
export function formPairs(call: RecordedCall | undefined): [string, string][] {
  return [...(call?.bodyForm ?? new URLSearchParams())];
}

const ajv = new Ajv2020({ strict: false });
const validators = new Map<string, ValidateFunction>();

/**
 * Checks a real result against the command's declared output schema: the zod schema must pass it
 * unchanged, and its JSON Schema (what `describe`, MCP clients and the HTTP API's OpenAPI document
 * read) must accept it too.
 */
export function expectOutput(command: Command<any, any, any>, result: unknown): void {
  const parsed = command.output!.safeParse(result);
  expect(parsed.error?.issues ?? [], `${command.key} result against its output schema`).toEqual([]);
  expect(parsed.data).toEqual(result);
  let validate = validators.get(command.key);
  if (!validate) {
    validate = ajv.compile(command.outputSchema!);
    validators.set(command.key, validate);
  }
  validate(result);
  expect(validate.errors ?? [], `${command.key} result against its output JSON Schema`).toEqual([]);
}
