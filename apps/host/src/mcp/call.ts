import { InternalError, type JsonSchema, type Progress, toErrorJson, ValidationError } from '@c/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolRequest,
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { RegisteredCommand } from '../registry.js';
import { allowsKey, boundResult, MIN_RESULT_BYTES } from '../run/bounded-result.js';
import type { Runner } from '../run/runner.js';
import { type ConfirmContext, confirmBeforeHarm } from './confirm.js';
import { CONNECTION_ARGUMENT, KEY_ARGUMENT } from './mcp-host.js';
import { ownsParameter, toolFor } from './tools.js';

// A tool call: its arguments split into the host's and the command's, the command run through the
// run pipeline, and its result bounded and checked against the tool's output schema.

/** No message may come near what the official stdio client refuses (10 MiB). */
const MESSAGE_CEILING = 9 * 1024 * 1024;

type Validator = (value: unknown) => { valid: boolean; errorMessage?: string | undefined };
const validators = new WeakMap<RegisteredCommand, Validator>();

/**
 * Checks a result against the tool's output schema with the same validator the official SDK client
 * uses, so that what the server sends is what a client accepts.
 */
async function validatorOf(entry: RegisteredCommand, schema: JsonSchema): Promise<Validator> {
  let validator = validators.get(entry);
  if (!validator) {
    const { AjvJsonSchemaValidator } = await import('@modelcontextprotocol/sdk/validation/ajv');
    validator = new AjvJsonSchemaValidator().getValidator(schema) as Validator;
    validators.set(entry, validator);
  }
  return validator;
}

/** Splits a tool's arguments into the host's (`connection`, `idempotencyKey`) and the command's input. */
function splitArguments(
  entry: RegisteredCommand,
  args: Record<string, unknown>,
): { input: Record<string, unknown>; connection: string | undefined; idempotencyKey: unknown } {
  const input = { ...args };
  let connection: unknown;
  let idempotencyKey: unknown;
  if (!ownsParameter(entry, CONNECTION_ARGUMENT)) {
    connection = input[CONNECTION_ARGUMENT];
    delete input[CONNECTION_ARGUMENT];
  }
  if (!ownsParameter(entry, KEY_ARGUMENT)) {
    idempotencyKey = input[KEY_ARGUMENT];
    delete input[KEY_ARGUMENT];
  }
  if (connection !== undefined && typeof connection !== 'string') {
    throw new ValidationError(
      `Invalid parameter "connection": expected string (the name of a ${entry.connectorId} connection), got ${Array.isArray(connection) ? 'array' : typeof connection}`,
      { parameter: 'connection' },
    );
  }
  return { input, connection, idempotencyKey };
}

export const errorResult = (error: unknown, ...more: string[]): CallToolResult => ({
  isError: true,
  content: [
    { type: 'text', text: JSON.stringify({ error: toErrorJson(error) }) },
    ...more.map((text) => ({ type: 'text' as const, text })),
  ],
});

/** How the server answers: which tools it offers and how large a result may be. */
export interface CallLimits {
  offered: ReadonlySet<string>;
  /** The bound on a result's JSON, from `maxResultTokens` when that is set. */
  maxResultBytes: number;
  /** The token bound the bytes come from, to say in an error. */
  maxResultTokens?: number | undefined;
  /** What confirmation before harm needs to know (see `confirmBeforeHarm`). */
  confirm: ConfirmContext;
}

/**
 * Runs a tool's command through the pipeline (`Runner.check`, the confirmation before harm, then
 * `run`) and answers with its result.
 */
export async function callTool(
  runner: Pick<Runner, 'check' | 'run'>,
  entry: RegisteredCommand,
  request: CallToolRequest,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  { offered, maxResultBytes, maxResultTokens, confirm }: CallLimits,
): Promise<CallToolResult> {
  const progressToken = request.params._meta?.progressToken;
  let result: unknown;
  let input: Record<string, unknown> = {};
  let replayed = false;
  try {
    const split = splitArguments(entry, request.params.arguments ?? {});
    input = split.input;
    const checked = await runner.check({
      command: entry,
      input,
      connection: split.connection,
      idempotencyKey: split.idempotencyKey,
    });
    const refusal = await confirmBeforeHarm(runner, checked, extra, confirm);
    if (refusal) return errorResult(refusal);
    result = await runner.run(checked, {
      signal: extra.signal,
      surface: 'mcp',
      onReplay: () => {
        replayed = true;
      },
      onProgress: progressNotifier(extra, progressToken),
    });
  } catch (error) {
    return errorResult(error);
  }
  const schema = toolFor(entry, offered).outputSchema as JsonSchema | undefined;
  const context = {
    input,
    tool: entry.toolName,
    inputSchema: entry.command.inputSchema,
    markable: (key: string) => allowsKey(schema, key),
  };
  // Each round halves the budget: JSON escaping of the text copy can make a message outgrow it.
  for (let budget = maxResultBytes; budget >= MIN_RESULT_BYTES; budget = Math.floor(budget / 2)) {
    const bounded = boundResult(result, budget, context);
    if (!bounded) break;
    const text = JSON.stringify(bounded.marked) ?? 'null';
    const structured =
      bounded.value !== null && typeof bounded.value === 'object' && !Array.isArray(bounded.value)
        ? (bounded.value as Record<string, unknown>)
        : undefined;
    if (schema) {
      const check = (await validatorOf(entry, schema))(structured);
      if (!check.valid) {
        return errorResult(
          new InternalError(
            `${entry.id} ran, but its result does not match the tool's output schema (${check.errorMessage ?? 'invalid'}); the result follows as text. This is a fault of the connector, not of the call: do not repeat a write for it.`,
            { details: { ranWithoutError: true } },
          ),
          text,
        );
      }
    }
    const answer: CallToolResult = {
      content: [{ type: 'text', text }],
      ...(structured ? { structuredContent: structured } : {}),
      ...(replayed ? { _meta: { 'c-host/idempotentReplay': true } } : {}),
    };
    if (Buffer.byteLength(JSON.stringify(answer)) <= MESSAGE_CEILING) return answer;
  }
  return errorResult(
    new ValidationError(
      `The result of ${entry.id} is larger than ${maxResultTokens ? `about ${maxResultTokens} tokens (${maxResultBytes} bytes of JSON)` : `${maxResultBytes} bytes of JSON`} and has no list to cut: narrow the input so that less comes back`,
      { details: { maxResultBytes, ...(maxResultTokens ? { maxResultTokens } : {}) } },
    ),
  );
}

/** Sends a client that asked for progress (its `progressToken`) each update of the run. */
function progressNotifier(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  progressToken: string | number | undefined,
): ((progress: Progress) => void) | undefined {
  if (progressToken === undefined) return undefined;
  return (progress) => {
    // Progress is best effort: a client that stopped listening must not fail the command.
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress: progress.current ?? 0,
          ...(progress.total !== undefined ? { total: progress.total } : {}),
          ...(progress.message !== undefined ? { message: progress.message } : {}),
        },
      })
      .catch(() => {});
  };
}
