import type { OAuthTokens } from '@c/core';
import type { RecordedCall } from '@c/core/testing';
import { docs } from '../docs-connector.js';
import type { DocsSimulatorCredentials, RunningDocsSimulator } from './docs-simulator.js';

/** What a test may change when it connects: credentials over the simulator's, and `onTokens`. */
export interface DocsConnectExtra {
  credentials?: Partial<Record<keyof DocsSimulatorCredentials, string | number | undefined>>;
  onTokens?: (tokens: OAuthTokens) => void;
}

/**
 * The harness's `connect` for the docs connector: a client of the simulator, with the given
 * credentials over the sandbox account's (`{credentials: {expiresAt: undefined}}` drops one).
 */
export function connectDocs(sim: RunningDocsSimulator, extra: Record<string, unknown> = {}) {
  const { credentials, onTokens } = extra as DocsConnectExtra;
  return docs.connect({
    ...sim.connection.options,
    credentials: { ...sim.connection.credentials, ...credentials } as DocsSimulatorCredentials,
    onTokens,
  });
}

/** The calls the simulator received whose path is `path`, or matches it. */
export function callsTo(sim: RunningDocsSimulator, path: RegExp | string): RecordedCall[] {
  return sim.server.calls.filter((call) =>
    typeof path === 'string' ? call.path === path : path.test(call.path),
  );
}
