import { toErrorJson, ValidationError } from '@c/core';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { RegisteredCommand, Registry } from '../registry.js';
import { withoutViewHints } from '../strict-schema.js';
import { closestNames, didYouMean } from '../suggest.js';
import { CONNECTION_ARGUMENT, KEY_ARGUMENT, type McpOptions } from './mcp-host.js';
import type { ToolsetSession } from './mcp-session.js';
import { type HostToolset, toolsetsOf } from './mcp-toolsets.js';
import { fullInputSchema, listedCommands, ownsParameter } from './tools.js';

// Discovery: the tools through which an agent that starts with the core toolsets finds, enables and
// runs every other command the server may run, without reading every schema up front.

const hints = (readOnly: boolean) => ({
  readOnlyHint: readOnly,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

const ID = {
  type: 'string',
  description:
    'A toolset id (<connector>.<area>) or a command id (<connector>.<command>), as list_toolsets gives them.',
};

/** The discovery tools, listed after the commands in discovery mode. */
export const DISCOVERY_TOOLS: readonly Tool[] = [
  {
    name: 'list_toolsets',
    title: 'List Toolsets',
    description:
      'Lists the toolsets (groups of tools by area) this server can offer, which are listed now, and their tools. Enable one with enable_toolset.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: {
      type: 'object',
      required: ['toolsets'],
      properties: {
        toolsets: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'title', 'description', 'listed', 'tools'],
            properties: {
              id: { type: 'string' },
              title: { type: 'string' },
              description: { type: 'string' },
              listed: { type: 'boolean' },
              tools: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    annotations: { title: 'List Toolsets', ...hints(true) },
  },
  {
    name: 'describe',
    title: 'Describe a Toolset or Command',
    description:
      'Describes a toolset (its commands, one line each) or one command (its full input and output JSON Schema), by id, so you can call it or pass it to run_command.',
    inputSchema: { type: 'object', required: ['id'], properties: { id: ID }, additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: { toolset: { type: 'object' }, commands: { type: 'array' }, command: { type: 'object' } },
    },
    annotations: { title: 'Describe a Toolset or Command', ...hints(true) },
  },
  {
    name: 'enable_toolset',
    title: 'Enable a Toolset',
    description:
      "Adds a toolset's tools to this session's tool list (the client is told the list changed). If your client does not refresh its list, call them through run_command.",
    inputSchema: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', description: 'A toolset id from list_toolsets (<connector>.<area>).' },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      required: ['enabled', 'tools'],
      properties: { enabled: { type: 'string' }, tools: { type: 'array', items: { type: 'string' } } },
    },
    annotations: { title: 'Enable a Toolset', ...hints(false) },
  },
  {
    name: 'run_command',
    title: 'Run a Command',
    description:
      'Runs any command this server offers by id with its input (see describe), listed or not; the same rules apply as to its own tool.',
    inputSchema: {
      type: 'object',
      required: ['command'],
      properties: {
        command: { type: 'string', description: 'The command id (<connector>.<command>) or its tool name.' },
        input: { type: 'object', description: "The command's parameters, as describe gives them." },
        [CONNECTION_ARGUMENT]: {
          type: 'string',
          description: 'The connection to use; the default when omitted.',
        },
        [KEY_ARGUMENT]: {
          type: 'string',
          description: 'For a write: your key for this one change (a UUID).',
        },
      },
      additionalProperties: false,
    },
    outputSchema: { type: 'object', description: "The command's result." },
    annotations: {
      title: 'Run a Command',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    },
  },
];

/** What the discovery tools work on. */
export interface DiscoveryContext {
  registry: Registry;
  options: McpOptions;
  session: ToolsetSession;
  /** The commands the server may run, by tool name. */
  served: ReadonlyMap<string, RegisteredCommand>;
  /** Runs a command as its own tool would be called, with these arguments. */
  run(entry: RegisteredCommand, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Tells the client its tool list changed. */
  listChanged(): Promise<void>;
}

const answer = (value: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

const failure = (error: unknown): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: JSON.stringify({ error: toErrorJson(error) }) }],
});

/** Whether a tool name is one of the discovery tools. */
export const isDiscoveryTool = (name: string) => DISCOVERY_TOOLS.some((tool) => tool.name === name);

/** Answers a discovery tool; a bad argument is an `isError` result naming it, as for any tool. */
export async function callDiscoveryTool(
  context: DiscoveryContext,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  try {
    if (name === 'list_toolsets') return answer({ toolsets: await listToolsets(context) });
    if (name === 'describe') return answer(describe(context, text(args, 'id')));
    if (name === 'enable_toolset') return answer(await enable(context, text(args, 'id')));
    return await runCommand(context, args);
  } catch (error) {
    return failure(error);
  }
}

function text(args: Record<string, unknown>, parameter: string): string {
  const value = args[parameter];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(`Invalid parameter "${parameter}": expected a non-empty string`, { parameter });
  }
  return value.trim();
}

/** The toolsets with at least one command the server may run, each with those commands' tools. */
function offeredToolsets(
  context: DiscoveryContext,
): { toolset: HostToolset; entries: RegisteredCommand[] }[] {
  const served = new Map([...context.served.values()].map((entry) => [entry.id, entry]));
  return toolsetsOf(context.registry)
    .map((toolset) => ({
      toolset,
      entries: toolset.commands.flatMap((id) => served.get(id) ?? []),
    }))
    .filter(({ entries }) => entries.length > 0);
}

async function listToolsets(context: DiscoveryContext) {
  const listed = new Set(
    listedCommands(context.registry, context.options, await context.session.enabled()).map(
      (entry) => entry.id,
    ),
  );
  return offeredToolsets(context).map(({ toolset, entries }) => ({
    id: toolset.id,
    title: toolset.title,
    description: toolset.description,
    listed: entries.every((entry) => listed.has(entry.id)),
    tools: entries.map((entry) => entry.toolName),
  }));
}

function unknownId(context: DiscoveryContext, id: string, what: string): ValidationError {
  const known = [
    ...offeredToolsets(context).map(({ toolset }) => toolset.id),
    ...[...context.served.values()].map((entry) => entry.id),
  ];
  return new ValidationError(
    `Invalid parameter "id": "${id}" is no ${what} of this server.${didYouMean(closestNames(id, known))} list_toolsets names them.`,
    { parameter: 'id' },
  );
}

const summary = (entry: RegisteredCommand) => ({
  id: entry.id,
  tool: entry.toolName,
  title: entry.command.title,
  description: entry.command.description,
  readOnly: entry.command.annotations.readOnly,
  destructive: entry.command.annotations.destructive,
});

function describe(context: DiscoveryContext, id: string): Record<string, unknown> {
  const found = offeredToolsets(context).find(({ toolset }) => toolset.id === id);
  if (found) {
    const { toolset, entries } = found;
    return {
      toolset: { id: toolset.id, title: toolset.title, description: toolset.description },
      commands: entries.map(summary),
    };
  }
  const entry = servedCommand(context, id, 'id');
  return {
    command: {
      ...summary(entry),
      annotations: entry.command.annotations,
      // The schemas a client may compile, so without the UI's view hints (the host API has them).
      inputSchema: withoutViewHints(fullInputSchema(entry, new Set(context.served.keys()))),
      ...(entry.command.outputSchema ? { outputSchema: withoutViewHints(entry.command.outputSchema) } : {}),
    },
  };
}

function servedCommand(context: DiscoveryContext, id: string, parameter: string): RegisteredCommand {
  const entry = context.registry.command(id);
  if (entry && context.served.has(entry.toolName)) return entry;
  if (parameter === 'id') throw unknownId(context, id, 'toolset or command');
  const suggestions = closestNames(
    id,
    [...context.served.values()].map((served) => served.id),
  );
  throw new ValidationError(
    `Invalid parameter "command": "${id}" is no command this server runs${entry ? ' (it was started with --read-only, --tools or --toolsets that leave it out)' : ''}.${didYouMean(suggestions)}`,
    { parameter: 'command' },
  );
}

async function enable(context: DiscoveryContext, id: string): Promise<Record<string, unknown>> {
  const found = offeredToolsets(context).find(({ toolset }) => toolset.id === id);
  if (!found) throw unknownId(context, id, 'toolset');
  await context.session.enable([id]);
  await context.listChanged();
  return { enabled: id, tools: found.entries.map((entry) => entry.toolName) };
}

async function runCommand(context: DiscoveryContext, args: Record<string, unknown>): Promise<CallToolResult> {
  const entry = servedCommand(context, text(args, 'command'), 'command');
  const input = args.input ?? {};
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationError('Invalid parameter "input": expected an object of the command\'s parameters', {
      parameter: 'input',
    });
  }
  const merged: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const name of [CONNECTION_ARGUMENT, KEY_ARGUMENT]) {
    if (args[name] !== undefined && !ownsParameter(entry, name)) merged[name] = args[name];
  }
  return context.run(entry, merged);
}
