import type { OAuthTokens, RunOptions } from '@c/core';
import type { RecordedCall } from '@c/core/testing';
import { type DocsClient, docs } from '../docs-connector.js';
import type { DocsSimulatorCredentials, RunningDocsSimulator } from './google-simulator.js';

/** What a test may change when it connects: credentials over the simulator's, and `onTokens`. */
export interface DocsConnectExtra {
  credentials?: Partial<Record<keyof DocsSimulatorCredentials, string | number | undefined>>;
  onTokens?: (tokens: OAuthTokens) => void;
}

/** A result checked against its command's output schema: a result the schema refuses fails the test. */
function checkedResult(key: string, result: unknown): unknown {
  const command = docs.commands[key as keyof typeof docs.commands];
  if (!command?.output) throw new Error(`${key} declares no output schema`);
  const parsed = command.output.safeParse(result);
  if (!parsed.success) {
    throw new Error(`${key} returned a result its output schema refuses: ${parsed.error.message}`);
  }
  return result;
}

/**
 * The harness's `connect` for the docs connector: a client of the simulator, with the given
 * credentials over the sandbox account's (`{credentials: {expiresAt: undefined}}` drops one). Every
 * result it returns has passed its command's output schema, so a result that drifts from the
 * declared shape fails whichever test produced it.
 */
export function connectDocs(sim: RunningDocsSimulator, extra: Record<string, unknown> = {}): DocsClient {
  const { credentials, onTokens } = extra as DocsConnectExtra;
  const client = docs.connect({
    ...sim.connection.options,
    credentials: { ...sim.connection.credentials, ...credentials } as DocsSimulatorCredentials,
    onTokens,
  });
  const runUnknown = async (key: string, input: unknown, options?: RunOptions) =>
    checkedResult(key, await client.runUnknown(key, input, options));
  return { ...client, run: runUnknown as typeof client.run, runUnknown };
}

/** The calls the simulator received whose path is `path`, or matches it. */
export function callsTo(sim: RunningDocsSimulator, path: RegExp | string): RecordedCall[] {
  return sim.server.calls.filter((call) =>
    typeof path === 'string' ? call.path === path : path.test(call.path),
  );
}
