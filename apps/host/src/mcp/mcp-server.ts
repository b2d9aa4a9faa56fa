import {
  fillLookupInput,
  InternalError,
  type JsonSchema,
  type Lookup,
  toErrorJson,
  ValidationError,
} from '@c/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { hostVersion } from '../paths.js';
import { type RegisteredCommand, type Registry, toolNameOf } from '../registry.js';
import type { TriggerService } from '../triggers/trigger-service.js';
import {
  boundResult,
  DEFAULT_MAX_RESULT_BYTES,
  MAX_RESULT_BYTES_CEILING,
  MIN_RESULT_BYTES,
} from './bounded-result.js';
import { commandsInToolsets, parseToolsets } from './mcp-toolsets.js';
import { callTriggerTool, TRIGGER_TOOLS } from './mcp-trigger-tools.js';

/** What the MCP server needs from the host. */
export interface McpHost {
  registry: Registry;
  connections: ConnectionManager;
  /**
   * With it (and a connector with triggers, and no `tools` selection), the server also offers
   * `list_subscriptions` and `read_events` (see `TRIGGER_TOOLS`).
   */
  triggers?: TriggerService | undefined;
}

/** Which tools a server offers and how large its results may be (`c-host mcp` flags, `/mcp` query). */
export interface McpOptions {
  /** Only the tools that change nothing. */
  readOnly?: boolean | undefined;
  /** Ids, tool names and globs (`<connector>.*`, `<connector>.<key>`); every tool when absent. */
  tools?: string[] | undefined;
  /** Toolsets (`all`, `<connector>`, `<connector>.<toolset>`); `--tools` and `--read-only` narrow them. */
  toolsets?: string[] | undefined;
  /** At most this many bytes of JSON per tool result (default 1 MiB). */
  maxResultBytes?: number | undefined;
}

/** Arguments every tool takes besides its command's own parameters. */
const CONNECTION_ARGUMENT = 'connection';
const KEY_ARGUMENT = 'idempotencyKey';
/** No message may come near what the official stdio client refuses (10 MiB). */
const MESSAGE_CEILING = 9 * 1024 * 1024;

/**
 * Reads the selection as a flag or a query parameter gives it (`"1"`, `"a,b"`, `"65536"`), each
 * problem a `ValidationError` naming the parameter.
 */
export function parseToolSelection(raw: {
  readOnly?: boolean | string | undefined;
  tools?: string | string[] | undefined;
  toolsets?: string | string[] | undefined;
  maxResultBytes?: number | string | undefined;
}): McpOptions {
  const toolsets = parseToolsets(raw.toolsets);
  const readOnly =
    raw.readOnly === undefined || typeof raw.readOnly === 'boolean'
      ? raw.readOnly
      : ['1', 'true', 'yes', ''].includes(raw.readOnly.toLowerCase());
  const tools =
    raw.tools === undefined
      ? undefined
      : (Array.isArray(raw.tools) ? raw.tools : [raw.tools])
          .flatMap((entry) => entry.split(','))
          .map((entry) => entry.trim())
          .filter(Boolean);
  if (tools?.length === 0) {
    throw new ValidationError(
      'Invalid parameter "tools": give command ids or globs, comma-separated (<connector>.*,<connector>.<command>; `c-host list` shows the ids)',
      { parameter: 'tools' },
    );
  }
  let maxResultBytes: number | undefined;
  if (raw.maxResultBytes !== undefined) {
    maxResultBytes = Number(raw.maxResultBytes);
    if (
      !Number.isInteger(maxResultBytes) ||
      maxResultBytes < MIN_RESULT_BYTES ||
      maxResultBytes > MAX_RESULT_BYTES_CEILING
    ) {
      throw new ValidationError(
        `Invalid parameter "maxResultBytes": expected a whole number of bytes from ${MIN_RESULT_BYTES} to ${MAX_RESULT_BYTES_CEILING} (a result travels twice in a message, and MCP clients refuse messages over 10 MiB)`,
        { parameter: 'maxResultBytes' },
      );
    }
  }
  return { readOnly, tools, toolsets, maxResultBytes };
}

/** A glob over ids and tool names: `*` is any run of characters. */
function globPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\?]/g, (char) => `\\${char}`).replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/**
 * The commands a server offers: all, or those the options select (the toolsets' commands, narrowed
 * by `tools` and `readOnly`). A pattern that selects nothing is a `ValidationError` on `tools` (a
 * typo must not quietly serve fewer tools).
 */
export function selectTools(registry: Registry, options: McpOptions = {}): RegisteredCommand[] {
  let entries = options.toolsets ? commandsInToolsets(registry, options.toolsets) : registry.commands();
  if (options.tools) {
    const patterns = options.tools.map((text) => ({ text, regex: globPattern(text) }));
    const unmatched = patterns.filter(
      ({ regex }) => !entries.some((entry) => regex.test(entry.id) || regex.test(entry.toolName)),
    );
    if (unmatched.length > 0) {
      throw new ValidationError(
        `Invalid parameter "tools": ${unmatched.map(({ text }) => `"${text}"`).join(', ')} matches no command${options.toolsets ? ' of the selected toolsets' : ''} (list them with \`c-host list\`)`,
        { parameter: 'tools' },
      );
    }
    entries = entries.filter((entry) =>
      patterns.some(({ regex }) => regex.test(entry.id) || regex.test(entry.toolName)),
    );
  }
  if (options.readOnly) entries = entries.filter((entry) => entry.command.annotations.readOnly);
  return entries;
}

/** Whether a command takes the host's argument itself (then the host leaves it to the command). */
const ownsParameter = (entry: RegisteredCommand, name: string) =>
  Object.hasOwn((entry.command.inputSchema.properties ?? {}) as object, name);

/** A command's input schema plus the host's arguments: `connection`, and `idempotencyKey` on writes. */
function toolInputSchema(entry: RegisteredCommand, hidden: ReadonlySet<string>): Tool['inputSchema'] {
  const schema = entry.command.inputSchema;
  const extra: Record<string, JsonSchema> = {};
  if (!ownsParameter(entry, CONNECTION_ARGUMENT)) {
    extra[CONNECTION_ARGUMENT] = {
      type: 'string',
      title: 'Connection',
      description: `The ${entry.connectorId} account to use (a connection name; see the instructions). Default when omitted.`,
    };
  }
  if (!entry.command.annotations.readOnly && !ownsParameter(entry, KEY_ARGUMENT)) {
    extra[KEY_ARGUMENT] = {
      type: 'string',
      title: 'Idempotency key',
      description: 'Your key for this one change (a UUID): retry with the same key and it applies once.',
    };
  }
  return {
    ...schema,
    properties: { ...withChoices(entry, hidden, schema.properties as Record<string, JsonSchema>), ...extra },
  } as Tool['inputSchema'];
}

/** The tool that lists a parameter's choices (its lookup's main command, of the same connector). */
const lookupTool = (entry: RegisteredCommand, lookup: Lookup) =>
  toolNameOf(entry.connectorId, lookup.command);

/**
 * The parameters with a lookup say which tool lists their choices, so an agent looks an id up
 * rather than guessing it; not when that tool is `hidden` (not offered: `--read-only` hides the
 * write-capable custom query tools some lookups use, `--tools` whatever it leaves out), as a
 * description must never send an agent to a tool it cannot call.
 */
function withChoices(
  entry: RegisteredCommand,
  hidden: ReadonlySet<string>,
  properties: Record<string, JsonSchema> = {},
): Record<string, JsonSchema> {
  const lookups = entry.command.lookups ?? {};
  if (Object.keys(lookups).length === 0) return properties;
  const described = { ...properties };
  for (const [parameter, lookup] of Object.entries(lookups)) {
    const property = described[parameter];
    const tool = lookupTool(entry, lookup);
    if (!property || hidden.has(tool)) continue;
    const choices = `Choices: the ${tool} tool lists the ${lookup.noun}${choicesHow(lookup)}.`;
    const description = typeof property.description === 'string' ? `${property.description} ` : '';
    described[parameter] = { ...property, description: `${description}${choices}` };
  }
  return described;
}

/**
 * How to call a lookup's tool and read its answer, for an agent: what to set first, the input with
 * its placeholders as `<…>` (a custom query tool is of no use without its query), and where each
 * choice's value sits in the result.
 */
function choicesHow(lookup: Lookup): string {
  const needs = lookup.needs ?? [];
  const after = needs.length > 0 ? ` once ${needs.join(' and ')} is chosen` : '';
  const input = fillLookupInput(
    lookup.input ?? {},
    '<search text>',
    Object.fromEntries(needs.map((name) => [name, `<${name}>`])),
  );
  const call = Object.keys(input).length > 0 ? `, called with ${JSON.stringify(input)}` : '';
  const path = lookup.items ? `${lookup.items}[].${lookup.value}` : `[].${lookup.value}`;
  const only = lookup.where ? ` (only the items with ${lookup.where})` : '';
  return `${after}${call}; each choice is the value at ${path}${only}`;
}

function toolOf(entry: RegisteredCommand, hidden: ReadonlySet<string>): Tool {
  const hints = entry.command.annotations;
  const output = entry.command.outputSchema;
  return {
    name: entry.toolName,
    title: entry.command.title,
    description: entry.command.description,
    inputSchema: toolInputSchema(entry, hidden),
    // MCP output schemas describe structuredContent, which is always an object.
    ...(output?.type === 'object' ? { outputSchema: output as Tool['outputSchema'] } : {}),
    annotations: {
      title: entry.command.title,
      readOnlyHint: hints.readOnly,
      destructiveHint: hints.destructive,
      idempotentHint: hints.idempotent,
      openWorldHint: true,
    },
  };
}

/** Per command, its tool for each set of lookup tools left out (almost always none). */
const toolCache = new WeakMap<RegisteredCommand, Map<string, Tool>>();

/** One command's tool among the `offered` tool names, made once per selection that differs for it. */
function toolFor(entry: RegisteredCommand, offered: ReadonlySet<string>): Tool {
  const hidden = new Set(
    Object.values(entry.command.lookups ?? {})
      .map((lookup) => lookupTool(entry, lookup))
      .filter((tool) => !offered.has(tool)),
  );
  const key = [...hidden].sort().join(',');
  let tools = toolCache.get(entry);
  if (!tools) {
    tools = new Map();
    toolCache.set(entry, tools);
  }
  let tool = tools.get(key);
  if (!tool) {
    tool = toolOf(entry, hidden);
    tools.set(key, tool);
  }
  return tool;
}

/**
 * The tool list: one tool per selected command, named `<connector>_<key>`, schemas and hints from
 * the command, plus the host's `connection` and (on writes) `idempotencyKey` arguments.
 */
export function toolsOf(registry: Registry, options: McpOptions = {}): Tool[] {
  const entries = selectTools(registry, options);
  const offered = new Set(entries.map((entry) => entry.toolName));
  return entries.map((entry) => toolFor(entry, offered));
}

/**
 * The server's `instructions`, written for a model: how connections, ids, pagination, large
 * results, idempotency keys and errors work here, with the connections that exist now.
 */
export async function mcpInstructions(host: McpHost, options: McpOptions = {}): Promise<string> {
  const entries = selectTools(host.registry, options);
  const connectors = [...new Set(entries.map((entry) => entry.connector))];
  const views = await host.connections.list();
  const connections = connectors.map(({ id }) => {
    const names = views
      .filter((view) => view.connector === id)
      .map(
        (view) =>
          `${view.name}${view.isDefault ? ' (default)' : ''}${view.status === 'ok' ? '' : ` (${view.status})`}`,
      );
    return `${id}: ${names.length > 0 ? names.join(', ') : 'none yet (the user adds one with `c-host connect`)'}`;
  });
  const max = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const writes = entries.some((entry) => !entry.command.annotations.readOnly);
  return [
    `c-host runs commands of connected accounts as tools named <connector>_<command>: ${connectors.map(({ id, title }) => `${id} (${title})`).join(', ')}.`,
    `Connections: every tool takes an optional \`connection\`, the name of an account; without it the connector's default is used. Now: ${connections.join('; ')}.`,
    "Ids: tools take the provider's own ids, in the form each parameter's description gives. Look them up with the connector's read-only search and list tools rather than guessing.",
    'Pagination: list tools take `limit`. A result with pageInfo has more while pageInfo.hasNextPage is true: pass pageInfo.endCursor as `cursor` for the next page. A tool that takes createdAfter and createdBefore narrows a newest-first list with them.',
    `Large results: a result over ${max} bytes of JSON is cut at a whole list item and marked truncated: true, with truncation {path, returned, received, total, rest, nextInput}: follow rest (a cursor or a narrower input) for the remainder.`,
    ...(writes
      ? [
          'Writes: tools that change something take an optional `idempotencyKey`: make one per intended change (a UUID) and send the same key when you retry that change after a timeout or an error. Within 24 hours it is applied once and the first result comes back; the same key with other arguments is refused. An error with outcomeUnknown: true may have been applied: retry with the key it names (error.details.idempotencyKey), never with a new one. Previewing the exact provider request without sending it (a dry run) is for the c-host CLI (--dry-run) and HTTP API, not a tool argument.',
        ]
      : ['This server offers read-only tools: nothing it does changes an account.']),
    'Errors: a failed tool returns isError with {error: {kind, message, …}}. kind validation names the parameter to fix (error.parameter); rate_limit carries retryAfterMs; auth means the user must reconnect that connection; not_found means the id does not exist in that account.',
  ].join('\n\n');
}

/** Options of `createMcpServer`. */
export interface McpServerOptions extends McpOptions {
  /** The server's instructions (see `mcpInstructions`). */
  instructions?: string | undefined;
}

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

/** Whether an object result may carry `key` under the tool's output schema. */
function allows(schema: JsonSchema | undefined, key: string): boolean {
  if (!schema) return true;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.hasOwn(properties, key) || schema.additionalProperties !== false;
}

const errorResult = (error: unknown, ...more: string[]): CallToolResult => ({
  isError: true,
  content: [
    { type: 'text', text: JSON.stringify({ error: toErrorJson(error) }) },
    ...more.map((text) => ({ type: 'text' as const, text })),
  ],
});

/**
 * An MCP server (the official SDK's low-level `Server`, since the tools are derived from JSON
 * Schema rather than written by hand), offering the selected commands. An unknown tool is the
 * protocol's error (-32602); a failing command is a tool result with `isError: true` carrying the
 * error JSON, so the model can read what went wrong. Results are bounded (see `boundResult`) and
 * their `structuredContent` is checked against the tool's output schema before it is sent.
 */
export function createMcpServer(host: McpHost, options: McpServerOptions = {}): Server {
  const server = new Server(
    { name: 'c-host', title: 'c-host connectors', version: hostVersion },
    {
      capabilities: { tools: { listChanged: false } },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const served = new Map(selectTools(host.registry, options).map((entry) => [entry.toolName, entry]));
  const offered = new Set(served.keys());
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  // The event tools come with connectors that have triggers, unless a selection names the tools.
  const triggers =
    options.tools === undefined &&
    host.registry.connectors().some((connector) => Object.keys(connector.triggers ?? {}).length > 0)
      ? host.triggers
      : undefined;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...toolsOf(host.registry, options), ...(triggers ? TRIGGER_TOOLS : [])],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    if (triggers && TRIGGER_TOOLS.some((tool) => tool.name === request.params.name)) {
      return callTriggerTool(triggers, request.params.name, request.params.arguments ?? {}, extra.signal);
    }
    const entry = served.get(request.params.name);
    if (!entry) {
      const known = host.registry.command(request.params.name);
      throw new McpError(
        ErrorCode.InvalidParams,
        known
          ? `Tool "${request.params.name}" is not offered by this server (it was started with --read-only or --tools)`
          : `Unknown tool "${request.params.name}": tools/list names the tools of this server`,
      );
    }
    const progressToken = request.params._meta?.progressToken;
    let result: unknown;
    let input: Record<string, unknown> = {};
    let replayed = false;
    try {
      const split = splitArguments(entry, request.params.arguments ?? {});
      input = split.input;
      result = await host.connections.run(entry, input, {
        connection: split.connection,
        idempotencyKey: split.idempotencyKey as string | undefined,
        signal: extra.signal,
        onReplay: () => {
          replayed = true;
        },
        onProgress:
          progressToken === undefined
            ? undefined
            : (progress) => {
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
              },
      });
    } catch (error) {
      return errorResult(error);
    }
    const schema = toolFor(entry, offered).outputSchema as JsonSchema | undefined;
    const context = {
      input,
      inputSchema: entry.command.inputSchema,
      markable: (key: string) => allows(schema, key),
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
        `The result of ${entry.id} is larger than ${maxResultBytes} bytes of JSON and has no list to cut: narrow the input so that less comes back`,
        { details: { maxResultBytes } },
      ),
    );
  });
  return server;
}
