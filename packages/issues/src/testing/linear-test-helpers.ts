// Helpers of this package's tests (not part of `@c/issues/testing`): connecting the connector to the
// simulator, reading the GraphQL requests it received, and checking documents and results.
import type { Command } from '@c/core';
import { type Harness, useSimulator } from '@c/core/testing/vitest';
import { expect } from 'vitest';
import { issues } from '../issues-connector.js';
import type { GraphqlOperation } from '../issues-documents.js';
import { linearQueryComplexity, validateLinearDocument } from './linear-schema.js';
import { issuesSimulator, type RunningIssuesSimulator } from './linear-simulator.js';

// What nearly every test file uses beside the harness, so one import brings the whole setup.
export { failure } from '@c/core/testing/vitest';
export { LINEAR_SEED, seedUuid } from './linear-seed.js';

/** A client of the issues connector. */
export type IssuesClient = ReturnType<typeof issues.connect>;

/**
 * Connects the connector to the simulator with its OAuth grant and options; `extra` overrides them
 * (other credentials, `onTokens`, …). Pass it as `connect` to `useSimulator`.
 */
export function connectIssues(
  sim: RunningIssuesSimulator,
  extra: Record<string, unknown> = {},
): IssuesClient {
  return issues.connect({
    credentials: sim.connection.credentials,
    ...sim.connection.options,
    ...extra,
  } as Parameters<typeof issues.connect>[0]);
}

/**
 * The harness of a test file: the seeded simulator started once, a client connected with its OAuth
 * grant, contract checks and a reset after every test. `options` adds checks or start options.
 */
export function useIssuesSimulator(
  options: { start?: Record<string, unknown>; afterEachCheck?: (sim: RunningIssuesSimulator) => void } = {},
): Harness<RunningIssuesSimulator, IssuesClient> {
  return useSimulator(issuesSimulator, {
    ...options,
    start: { seed: true, ...options.start },
    connect: connectIssues,
  });
}

/** A GraphQL request as the simulator received it. */
export interface SentGraphql {
  method: string;
  path: string;
  headers: Record<string, string>;
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** The GraphQL requests the simulator received since its last reset, parsed. */
export function sentGraphql(sim: RunningIssuesSimulator): SentGraphql[] {
  return sim.server.calls
    .filter((call) => call.path === '/graphql')
    .map((call) => {
      const body = call.bodyJson as {
        query: string;
        variables?: Record<string, unknown>;
        operationName?: string;
      };
      return {
        method: call.method,
        path: call.path,
        headers: call.headers,
        query: body.query,
        variables: body.variables,
        operationName: body.operationName,
      };
    });
}

/** Asserts a document is valid against Linear's schema and costs at most `maxComplexity` points. */
export function expectValidOperation(
  operation: GraphqlOperation,
  variables: Record<string, unknown> = {},
  maxComplexity = 1000,
): void {
  expect(validateLinearDocument(operation.document).map((error) => error.message)).toEqual([]);
  expect(linearQueryComplexity(operation.document, variables, operation.name)).toBeLessThanOrEqual(
    maxComplexity,
  );
}

/**
 * Asserts a command's result matches its declared output schema, and that parsing it drops nothing
 * (a field the result carries but a closed schema does not declare is drift too).
 */
export function expectOutput(command: Command<any, any, any>, result: unknown): void {
  expect(command.output, `${command.key} declares no output schema`).toBeDefined();
  const parsed = command.output!.safeParse(result);
  expect(parsed.error?.issues ?? [], `${command.key}'s result against its output schema`).toEqual([]);
  expect(parsed.data).toEqual(result);
}
