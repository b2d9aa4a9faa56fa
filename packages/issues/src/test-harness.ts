import { afterEach, beforeEach, expect } from 'vitest';
import { issues } from './issues-connector.js';
import type { GraphqlOperation } from './linear-documents.js';
import {
  type IssuesSandbox,
  type LinearSimulatorOptions,
  linearQueryComplexity,
  startIssuesSimulator,
  validateLinearDocument,
} from './testing/index.js';

/** A GraphQL request as the simulator received it. */
export interface SentGraphql {
  method: string;
  path: string;
  headers: Record<string, string>;
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** Per-test harness: a fresh seeded simulator and a connected client; no contract violations allowed. */
export interface Harness {
  sim: IssuesSandbox;
  client: ReturnType<typeof issues.connect>;
  /** Connects another client to the same simulator (e.g. with an API key). */
  connect(config?: Partial<Parameters<typeof issues.connect>[0]>): ReturnType<typeof issues.connect>;
  /** The GraphQL requests received, parsed. */
  sent(): SentGraphql[];
}

/** Starts a fresh simulator before each test and checks, after it, that Linear would have accepted every request. */
export function useSimulator(options: LinearSimulatorOptions = { seed: true }): Harness {
  const clients: { close(): Promise<void> }[] = [];
  const h = {
    connect(config = {}) {
      const client = issues.connect({
        credentials: h.sim.connection.credentials,
        ...h.sim.connection.options,
        ...config,
      } as Parameters<typeof issues.connect>[0]);
      clients.push(client);
      return client;
    },
    sent() {
      return h.sim.server.calls
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
    },
  } as Harness;
  beforeEach(async () => {
    h.sim = await startIssuesSimulator(options);
    h.client = h.connect();
  });
  afterEach(async () => {
    const violations = [...h.sim.server.violations];
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await h.sim.close();
    expect(violations).toEqual([]);
  });
  return h;
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

/** Runs a promise that must fail and returns what it threw. */
export async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
