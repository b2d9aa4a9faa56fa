import { type DryRunResult, PermissionError } from '@c/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ElicitResultSchema,
  ErrorCode,
  McpError,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { type ConfirmLevel, confirmationFor, confirmQuestion } from '../run/confirm-policy.js';
import type { CheckedRun, Runner } from '../run/runner.js';
import { ALLOW_DESTRUCTIVE_ENV } from './tool-selection.js';

// Confirmation before harm over MCP: a destructive tool asks the person behind the agent first
// (elicitation), showing the requests it would send; a client that cannot ask runs it only when the
// person allowed it when starting the server. The rule itself is `confirmationFor`, shared with the
// CLI and the web UI.

/** How long the person has to answer; no answer by then counts as cancelled (nothing is sent). */
export const CONFIRM_TIMEOUT_MS = 10 * 60 * 1000;
/** At most this much of each request body is shown in the question. */
const BODY_CHARS = 1500;

/**
 * Whether a client takes form elicitation, by the capabilities it declared at `initialize` (the
 * official SDK's rule: `elicitation: {}` means form, for clients older than the modes).
 */
export function asksForm(capabilities: unknown): boolean {
  const elicitation = (capabilities as { elicitation?: { form?: unknown; url?: unknown } } | undefined)
    ?.elicitation;
  if (elicitation === null || typeof elicitation !== 'object') return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** What the server knows when a tool is called. */
export interface ConfirmContext {
  /** Whether the calling client takes elicitation (read when a destructive tool is called). */
  canAsk(): Promise<boolean>;
  /** The server was started with `--allow-destructive` (or its variable or query parameter). */
  allowDestructive: boolean;
  /** The ids of the commands in the toolsets the person's configuration names (`--toolsets`). */
  configured: ReadonlySet<string>;
  /** The ids of the toolsets a command is in, to name in a refusal. */
  toolsetsOf(commandId: string): string[];
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Decides, and asks when the rule says so, before a checked run is sent: undefined to go on, or
 * the error to answer the tool call with (nothing sent): a `PermissionError` whose `details.confirmation`
 * says why (`unavailable`, `declined`, `cancelled`).
 */
export async function confirmBeforeHarm(
  runner: Pick<Runner, 'check' | 'run'>,
  checked: CheckedRun,
  extra: Extra,
  context: ConfirmContext,
): Promise<Error | undefined> {
  const { entry } = checked;
  const hints = entry.command.annotations;
  // Capabilities are read (from the store, over HTTP) only for a tool that may need them.
  const canAsk = hints.destructive && !hints.readOnly ? await context.canAsk() : false;
  const decision = confirmationFor(hints, {
    caller: 'agent',
    canAsk,
    allowed: context.allowDestructive || context.configured.has(entry.id),
  });
  if (decision.action === 'run') return undefined;
  if (decision.action === 'refuse') return unavailable(checked, decision.level, context.toolsetsOf(entry.id));
  const dryRun = await runner.run(
    await runner.check({
      command: entry,
      input: checked.input,
      connection: checked.connection,
      dryRun: true,
    }),
    { signal: extra.signal },
  );
  const answer = await ask(extra, question(checked, decision.level, dryRun as DryRunResult));
  if (answer === 'accept') return undefined;
  const said = answer === 'decline' ? 'declined' : 'did not answer (cancelled)';
  return new PermissionError(
    `The person ${said} to run ${entry.id} on "${checked.connection.name}": nothing was sent. Do not call it again unless they ask for it.`,
    { details: { confirmation: answer === 'decline' ? 'declined' : 'cancelled', sent: false } },
  );
}

/** The question: the risk in the CLI's words, then the requests the run would send. */
function question(checked: CheckedRun, level: ConfirmLevel, dryRun: DryRunResult): string {
  const { entry, connection } = checked;
  // Each request as HTTP writes it: the request line, the headers, then the body.
  const requests = dryRun.requests.map((request) => {
    const headers = Object.entries(request.headers).map(([name, value]) => `\n${name}: ${value}`);
    const body = request.body === undefined ? '' : `\n\n${clip(request.body)}`;
    const bytes = request.bodyBytes === undefined ? '' : `\n\n(${request.bodyBytes} bytes of file content)`;
    return `${request.method} ${request.url}${headers.join('')}${body}${bytes}`;
  });
  return [
    `An agent wants to run ${entry.id}. ${confirmQuestion(level, entry.command.title, `"${connection.name}"`)}`,
    requests.length > 0
      ? `It would send (credentials masked):\n\n${requests.join('\n\n---\n\n')}`
      : 'It needs no request to the provider.',
    'Nothing is sent unless you accept.',
  ].join('\n\n');
}

const clip = (text: string) => (text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}… (cut)` : text);

/** Asks the client's person; no answer in time, or a client that fails to ask, counts as cancel. */
async function ask(extra: Extra, message: string): Promise<'accept' | 'decline' | 'cancel'> {
  try {
    // Related to the tool call: over HTTP it goes out on the call's own event stream.
    const result = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: { message, requestedSchema: { type: 'object', properties: {} } },
      },
      ElicitResultSchema,
      { timeout: CONFIRM_TIMEOUT_MS, signal: extra.signal },
    );
    return result.action;
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return 'cancel';
    if (extra.signal.aborted) throw error;
    return 'cancel';
  }
}

/** The refusal for a client that cannot ask: exactly how the person allows it. */
function unavailable(checked: CheckedRun, level: ConfirmLevel, toolsets: string[]): PermissionError {
  const { entry } = checked;
  const named = toolsets.length > 0 ? toolsets.join(' or ') : '…';
  const what = level === 'changes' ? 'changes existing data' : 'may delete or overwrite data, or move money';
  return new PermissionError(
    `${entry.id} ${what}, so the person is asked first, and this MCP client cannot ask them (it does not support elicitation): nothing was sent. To let such tools run without asking, the person starts the server with --allow-destructive (or ${ALLOW_DESTRUCTIVE_ENV}=1; over HTTP /mcp?allowDestructive=1), or names its toolset in --toolsets (--toolsets core,${named}; over HTTP /mcp?toolsets=core,${named}); or they run it themselves: c-host run ${entry.id}.`,
    {
      details: {
        confirmation: 'unavailable',
        sent: false,
        allowWith: [
          '--allow-destructive',
          `${ALLOW_DESTRUCTIVE_ENV}=1`,
          '/mcp?allowDestructive=1',
          ...toolsets.map((id) => `--toolsets ${id}`),
        ],
      },
    },
  );
}
