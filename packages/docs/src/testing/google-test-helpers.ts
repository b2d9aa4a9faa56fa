import { type OAuthTokens, ProviderError, type RunOptions } from '@c/core';
import type { RecordedCall } from '@c/core/testing';
import { type DocsClient, docs } from '../docs-connector.js';
import { type RenderOptions, renderDocument } from './google-docs-render.js';
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

/** A running harness of the docs simulator (`useSimulator(docsSimulator, …)`), as the helpers read it. */
export interface DocsHarness {
  readonly client: DocsClient;
  readonly sim: RunningDocsSimulator;
}

/**
 * The three steps of a batchUpdate test: `edit` sends requests through the package's own
 * `updateDocumentContent` command, `refusal` gives the simulator's refusal as `"<status> <reason>"`
 * (undefined when it accepts), and `read` renders the document as `documents.get` shows it to its owner.
 */
export function batchEditing(t: DocsHarness) {
  const edit = async (documentId: string, requests: Record<string, unknown>[]) =>
    (await t.client.run('updateDocumentContent', { documentId, requests })) as {
      replies?: Record<string, any>[];
    };
  const refusal = (documentId: string, requests: Record<string, unknown>[]) =>
    edit(documentId, requests).then(
      () => undefined,
      (error: unknown) =>
        ProviderError.isInstance(error)
          ? `${error.status} ${error.message.replace(/^Google answered \d+: /, '')}`
          : String(error),
    );
  const read = (documentId: string, options?: RenderOptions) => {
    const file = t.sim.state.files.get(documentId)!;
    return renderDocument(t.sim.state, file, file.owner, options) as Record<string, any>;
  };
  return { edit, refusal, read };
}
