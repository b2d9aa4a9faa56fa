import { ValidationError } from '@c/core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type AnalyticsClient, analytics } from './analytics-connector.js';
import {
  type AmplitudeSandbox,
  type AmplitudeSimulatorOptions,
  startAmplitudeSimulator,
} from './testing/index.js';

/** A simulator and a client connected to it, for one test file; asserts no contract violations after each test. */
export function useSimulator(options: AmplitudeSimulatorOptions = {}): {
  sandbox: AmplitudeSandbox;
  client: AnalyticsClient;
} {
  const env = {} as { sandbox: AmplitudeSandbox; client: AnalyticsClient };
  beforeAll(async () => {
    env.sandbox = await startAmplitudeSimulator(options);
    env.client = analytics.connect({
      credentials: env.sandbox.connection.credentials,
      ...env.sandbox.connection.options,
    });
  });
  afterEach(() => {
    const violations = [...env.sandbox.server.violations];
    env.sandbox.server.reset();
    env.sandbox.server.resetHandlers();
    env.sandbox.server.clearFaults();
    expect(violations).toEqual([]);
  });
  afterAll(async () => {
    await env.client?.close();
    await env.sandbox?.close();
  });
  return env;
}

/** Runs `action`, expects a ValidationError naming `parameter`, and that nothing was sent. */
export async function expectInvalid(
  sandbox: AmplitudeSandbox,
  action: () => Promise<unknown>,
  parameter: string,
  message?: RegExp,
): Promise<ValidationError> {
  const before = sandbox.server.calls.length;
  const error = await action().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ValidationError.isInstance(error), `expected a ValidationError, got ${String(error)}`).toBe(true);
  const validation = error as ValidationError;
  expect(validation.parameter).toBe(parameter);
  if (message) expect(validation.message).toMatch(message);
  expect(sandbox.server.calls.length).toBe(before);
  return validation;
}

/** The Basic header the simulator's default credentials make. */
export function basicHeader(sandbox: AmplitudeSandbox): string {
  const { apiKey, secretKey } = sandbox.connection.credentials;
  return `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}`;
}
