import { fillLookupInput, type JsonSchema, type Lookup, ValidationError } from '@c/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type RegisteredCommand, type Registry, toolNameOf } from '../registry.js';
import { resultBudget } from '../run/bounded-result.js';
import {
  compactInput,
  compactOutput,
  type DescriptionDetail,
  fieldNames,
  firstSentences,
} from './compact-schema.js';
import { CONNECTION_ARGUMENT, KEY_ARGUMENT, type McpHost, type McpOptions } from './mcp-host.js';
import {
  ALL_TOOLSETS,
  commandsInToolsets,
  discovers,
  resolveToolsets,
  toolsetsOption,
} from './mcp-toolsets.js';

// The tools an MCP server offers: which commands (the selection), each one's schema with the
// host's own arguments, and the server's instructions for a model.

/** A glob over ids and tool names: `*` is any run of characters. */
function globPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\?]/g, (char) => `\\${char}`).replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/**
 * The commands a server may run (listed, described, enabled or run by id): those of the toolsets
 * the options name, or every command in discovery mode, narrowed by `tools` and `readOnly`. A name
 * or pattern that selects nothing is a `ValidationError` on `toolsets` or `tools` (a typo must not
 * quietly serve fewer tools).
 */
export function selectTools(registry: Registry, options: McpOptions = {}): RegisteredCommand[] {
  const toolsets = toolsetsOption(options);
  // Every name is checked, also where the list starts from every command.
  resolveToolsets(registry, toolsets);
  let entries =
    discovers(options) || toolsets.includes(ALL_TOOLSETS)
      ? registry.commands()
      : commandsInToolsets(registry, toolsets);
  if (options.tools) {
    const patterns = options.tools.map((text) => ({ text, regex: globPattern(text) }));
    const unmatched = patterns.filter(
      ({ regex }) => !entries.some((entry) => regex.test(entry.id) || regex.test(entry.toolName)),
    );
    if (unmatched.length > 0) {
      throw new ValidationError(
        `Invalid parameter "tools": ${unmatched.map(({ text }) => `"${text}"`).join(', ')} matches no command${options.toolsets && !discovers(options) ? ' of the selected toolsets' : ''} (list them with \`c-host list\`)`,
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
export const ownsParameter = (entry: RegisteredCommand, name: string) =>
  Object.hasOwn((entry.command.inputSchema.properties ?? {}) as object, name);

/** A command's input schema plus the host's arguments: `connection`, and `idempotencyKey` on writes. */
function toolInputSchema(entry: RegisteredCommand, hidden: ReadonlySet<string>): JsonSchema {
  const schema = entry.command.inputSchema;
  const extra: Record<string, JsonSchema> = {};
  if (!ownsParameter(entry, CONNECTION_ARGUMENT)) {
    extra[CONNECTION_ARGUMENT] = {
      type: 'string',
      title: 'Connection',
      description: 'Account name; the default when omitted.',
    };
  }
  if (!entry.command.annotations.readOnly && !ownsParameter(entry, KEY_ARGUMENT)) {
    extra[KEY_ARGUMENT] = {
      type: 'string',
      title: 'Idempotency key',
      description: 'A UUID per change; retries apply once.',
    };
  }
  return {
    ...schema,
    properties: { ...withChoices(entry, hidden, schema.properties as Record<string, JsonSchema>), ...extra },
  };
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

/** No tool in tools/list is larger than this, as JSON (the budget of issue 29). */
export const MAX_TOOL_BYTES = 4096;
/**
 * What a tool aims at: its schemas are told more shortly until it fits (or nothing is left to
 * shorten), so that the default list of each connector's core stays well under 40 KB.
 */
const TARGET_TOOL_BYTES = 1000;
/**
 * From the most to the least told, the first that fits the target is taken; `levels` 0 keeps the
 * result's field names only.
 */
const STAGES: readonly { detail: DescriptionDetail; levels: number; inputLevels?: number }[] = [
  { detail: 'full', levels: 2 },
  { detail: 'full', levels: 1 },
  { detail: 'short-nested', levels: 1 },
  { detail: 'top-only', levels: 1 },
  { detail: 'short', levels: 1 },
  { detail: 'short', levels: 0 },
  { detail: 'required', levels: 0 },
  { detail: 'required', levels: 0, inputLevels: 1 },
];

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * What an open object's schema says when it names no field (a GraphQL answer shaped by the
 * document sent): its words, which are then all an agent can read of the result.
 */
function wordsOnly(schema: JsonSchema | undefined): string | undefined {
  const fields = schema?.properties ?? schema?.anyOf ?? schema?.oneOf;
  if (schema?.type !== 'object' || typeof schema.description !== 'string') return undefined;
  return fields && Object.keys(fields).length > 0 ? undefined : firstSentences(schema.description, 2, 300);
}

/**
 * A command's tool, sized for an agent's context: a description of a sentence or two, a compact
 * output schema (the result's fields, more let through) and an input schema without what only a
 * form needs, told more shortly only as far as the size requires. `describe` gives the full ones.
 */
function toolOf(entry: RegisteredCommand, hidden: ReadonlySet<string>): Tool {
  const hints = entry.command.annotations;
  const full = entry.command.outputSchema;
  const input = toolInputSchema(entry, hidden);
  const make = ({ detail, levels, inputLevels }: (typeof STAGES)[number]): Tool => ({
    name: entry.toolName,
    title: entry.command.title,
    description: firstSentences(entry.command.description, 1, 160),
    inputSchema: compactInput(input, detail, 0, inputLevels) as Tool['inputSchema'],
    // MCP output schemas describe structuredContent, which is always an object.
    outputSchema: (full?.type === 'object'
      ? levels === 0
        ? fieldNames(full)
        : compactOutput(full, levels)
      : { type: 'object' }) as Tool['outputSchema'],
    ...(wordsOnly(full) ? { outputSchema: { type: 'object', description: wordsOnly(full) } } : {}),
    // The tool's title says it already (clients fall back to it).
    annotations: {
      readOnlyHint: hints.readOnly,
      destructiveHint: hints.destructive,
      idempotentHint: hints.idempotent,
      openWorldHint: true,
    },
  });
  let tool = make(STAGES[0]!);
  for (const stage of STAGES) {
    tool = make(stage);
    if (jsonBytes(tool) <= TARGET_TOOL_BYTES) return tool;
  }
  // Past the target, the result's fields go before the parameters' words do.
  return jsonBytes(tool) <= MAX_TOOL_BYTES ? tool : { ...tool, outputSchema: { type: 'object' } };
}

/** The tools a command's lookups name that are not among the `offered` tool names. */
const hiddenLookups = (entry: RegisteredCommand, offered: ReadonlySet<string>) =>
  new Set(
    Object.values(entry.command.lookups ?? {})
      .map((lookup) => lookupTool(entry, lookup))
      .filter((tool) => !offered.has(tool)),
  );

/**
 * A command's full input schema as `describe` gives it: every word of the command's own, the host's
 * arguments, and for each parameter with a lookup how to list its choices among the `offered` tools.
 */
export const fullInputSchema = (entry: RegisteredCommand, offered: ReadonlySet<string>): JsonSchema =>
  toolInputSchema(entry, hiddenLookups(entry, offered));

/** Per command, its tool for each set of lookup tools left out (almost always none). */
const toolCache = new WeakMap<RegisteredCommand, Map<string, Tool>>();

/** One command's tool among the `offered` tool names, made once per selection that differs for it. */
export function toolFor(entry: RegisteredCommand, offered: ReadonlySet<string>): Tool {
  const hidden = hiddenLookups(entry, offered);
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
 * The commands a server lists: all it may run, or in discovery mode those of the core toolsets and
 * of the toolsets `enabled` for the session.
 */
export function listedCommands(
  registry: Registry,
  options: McpOptions = {},
  enabled: readonly string[] = [],
): RegisteredCommand[] {
  const entries = selectTools(registry, options);
  if (!discovers(options)) return entries;
  const toolsets = resolveToolsets(registry, [...toolsetsOption(options), ...enabled]);
  const ids = new Set(toolsets.flatMap((toolset) => toolset.commands));
  return entries.filter((entry) => ids.has(entry.id));
}

/**
 * Whether the server offers the discovery tools: in discovery mode, when some command it may run is
 * not listed from the start (with every command listed there is nothing to discover).
 */
export function offersDiscovery(registry: Registry, options: McpOptions = {}): boolean {
  return (
    discovers(options) && listedCommands(registry, options).length < selectTools(registry, options).length
  );
}

/**
 * The tool list: one tool per listed command, named `<connector>_<key>`, schemas and hints from
 * the command, plus the host's `connection` and (on writes) `idempotencyKey` arguments. A lookup
 * may name any tool the server runs, listed or not (discovery reaches them all).
 */
export function toolsOf(
  registry: Registry,
  options: McpOptions = {},
  enabled: readonly string[] = [],
): Tool[] {
  const offered = new Set(selectTools(registry, options).map((entry) => entry.toolName));
  return listedCommands(registry, options, enabled).map((entry) => toolFor(entry, offered));
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
  const budget = resultBudget(options);
  const max = budget.tokens
    ? `about ${budget.tokens} tokens (${budget.bytes} bytes of JSON)`
    : `${budget.bytes} bytes of JSON`;
  const writes = entries.some((entry) => !entry.command.annotations.readOnly);
  return [
    `c-host runs commands of connected accounts as tools named <connector>_<command>: ${connectors.map(({ id, title }) => `${id} (${title})`).join(', ')}.`,
    ...(offersDiscovery(host.registry, options)
      ? [
          "Toolsets: the tools listed first are each connector's core; the others are grouped in toolsets by area. list_toolsets names them, describe gives a toolset's commands or a command's full schemas, enable_toolset adds a toolset's tools to your list, and run_command runs any command by id when your client does not refresh its list.",
        ]
      : []),
    `Connections: every tool takes an optional \`connection\`, the name of an account; without it the connector's default is used. Now: ${connections.join('; ')}.`,
    "Ids: tools take the provider's own ids, in the form each parameter's description gives. Look them up with the connector's read-only search and list tools rather than guessing.",
    'Pagination: list tools take `limit`. A result with pageInfo has more while pageInfo.hasNextPage is true: pass pageInfo.endCursor as `cursor` for the next page. A tool that takes createdAfter and createdBefore narrows a newest-first list with them.',
    `Large results: a result over ${max} is cut at a whole list item and marked truncated: true, with truncation {path, returned, received, total, rest, nextInput}: follow rest (a cursor or a narrower input) for the remainder.`,
    ...(writes
      ? [
          'Writes: tools that change something take an optional `idempotencyKey`: make one per intended change (a UUID) and send the same key when you retry that change after a timeout or an error. Within 24 hours it is applied once and the first result comes back; the same key with other arguments is refused. An error with outcomeUnknown: true may have been applied: retry with the key it names (error.details.idempotencyKey), never with a new one. Previewing the exact provider request without sending it (a dry run) is for the c-host CLI (--dry-run) and HTTP API, not a tool argument.',
          'Confirmation: a tool with destructiveHint (deletes, overwrites, money moves) asks the person first through your client (elicitation), showing them the requests it would send; when they decline or dismiss it, nothing is sent and the error says so: do not call it again unless they ask. A client that cannot ask gets a permission error (details.confirmation "unavailable") saying how the person allows such tools.',
        ]
      : ['This server offers read-only tools: nothing it does changes an account.']),
    'Errors: a failed tool returns isError with {error: {kind, message, …}}. kind validation names the parameter to fix (error.parameter); rate_limit carries retryAfterMs; auth means the user must reconnect that connection; not_found means the id does not exist in that account.',
  ].join('\n\n');
}
