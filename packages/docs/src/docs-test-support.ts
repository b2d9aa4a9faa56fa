import type { OAuthTokens } from '@c/core';
import type { RecordedCall } from '@c/core/testing';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { docs } from './docs-connector.js';
import { type DocsSandbox, type DocsSimulatorOptions, startDocsSimulator } from './testing/docs-simulator.js';

/**
 * For test files: one seeded simulator per file, a fresh connection per call to `connect`, and
 * after each test every connection closed and no contract violation recorded.
 */
export function useDocsSandbox(options: DocsSimulatorOptions = { seed: true }) {
  let sandbox: DocsSandbox | undefined;
  const open: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    sandbox = await startDocsSimulator(options);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
    const violations = [...sandbox!.server.violations];
    sandbox!.server.reset();
    sandbox!.server.clearFaults();
    sandbox!.server.resetHandlers();
    expect(violations).toEqual([]);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return {
    get sandbox(): DocsSandbox {
      return sandbox!;
    },
    /** A connection to the simulator, with credentials overridden as given. */
    connect(
      overrides: {
        credentials?: Partial<DocsSandbox['connection']['credentials']>;
        onTokens?: (tokens: OAuthTokens) => void;
      } = {},
    ) {
      const client = docs.connect({
        ...sandbox!.connection.options,
        credentials: { ...sandbox!.connection.credentials, ...overrides.credentials },
        onTokens: overrides.onTokens,
      });
      open.push(client);
      return client;
    },
    /** The calls the simulator received whose path matches. */
    calls(path: RegExp | string): RecordedCall[] {
      return sandbox!.server.calls.filter((call) =>
        typeof path === 'string' ? call.path === path : path.test(call.path),
      );
    },
  };
}
