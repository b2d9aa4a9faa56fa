// Helpers of this package's tests (not exported from `@c/analytics/testing`: they import vitest).
import { type Command, ValidationError } from '@c/core';
import { expect } from 'vitest';
import { type AnalyticsClient, analytics } from '../analytics-connector.js';
import type { AmplitudeSandbox } from './amplitude-simulator.js';

/** `connect` of `useSimulator`: a client on the simulator, with `extra` options or credentials over its own. */
export function connectAnalytics(
  sim: AmplitudeSandbox,
  extra: Record<string, unknown> = {},
): AnalyticsClient {
  return analytics.connect({ credentials: sim.connection.credentials, ...sim.connection.options, ...extra });
}

/** Runs `action`, expects a ValidationError naming `parameter`, and that nothing was sent. */
export async function expectInvalid(
  sim: AmplitudeSandbox,
  action: () => Promise<unknown>,
  parameter: string,
  message?: RegExp,
): Promise<ValidationError> {
  const before = sim.server.calls.length;
  const error = await action().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ValidationError.isInstance(error), `expected a ValidationError, got ${String(error)}`).toBe(true);
  const validation = error as ValidationError;
  expect(validation.parameter).toBe(parameter);
  if (message) expect(validation.message).toMatch(message);
  expect(sim.server.calls.length).toBe(before);
  return validation;
}

/** The Basic header the simulator's default credentials make. */
export function basicHeader(sim: AmplitudeSandbox): string {
  const { apiKey, secretKey } = sim.connection.credentials;
  return `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}`;
}

/**
 * Checks a real result against the command's declared output schema (what `describe`, MCP and the
 * HTTP API advertise): it must pass, and pass unchanged.
 */
export function expectOutput(command: Command<any, any, any>, result: unknown): void {
  const parsed = command.output!.safeParse(result);
  expect(parsed.error?.issues ?? [], `${command.key} result against its output schema`).toEqual([]);
  expect(parsed.data).toEqual(result);
}
