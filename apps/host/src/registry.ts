import type { Command, Connector, JsonSchema } from '@c/core';
import { ValidationError } from '@c/core';

/** One command of the registry, with the names every surface uses. */
export interface RegisteredCommand {
  /** `<connector>.<key>`, e.g. `payments.createCustomer`. */
  readonly id: string;
  /** The MCP tool name: the id with `_` for `.`. */
  readonly toolName: string;
  readonly connectorId: string;
  readonly key: string;
  readonly connector: Connector;
  readonly command: Command;
}

/** Read-only access hints derived for hosts (MCP annotations, the UI). */
export interface CommandHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
}

const READ_VERBS = /^(get|search|fetch|list|user[A-Z]|activeAndNew|eventSegmentation|behavioral|exportData)/;
const DESTRUCTIVE_VERBS = /^(delete|archive|custom)/;

/**
 * The hints of a command: what the connector declares, completed by its verb, so that a command a
 * connector forgot to annotate is never advertised as safe when it is not.
 */
export function commandHints(command: Command): CommandHints {
  const declared = command.annotations ?? {};
  const destructive = declared.destructive ?? DESTRUCTIVE_VERBS.test(command.key);
  const readOnly = !destructive && (declared.readOnly ?? READ_VERBS.test(command.key));
  return { readOnly, destructive, idempotent: declared.idempotent ?? readOnly };
}

const schemaCache = new WeakMap<Command, JsonSchema>();

/**
 * The input JSON Schema every surface shows. A parameter made nullable after its `.meta()` carries
 * its title and description on the non-null branch of an `anyOf`; they are lifted to the parameter,
 * where forms, CLI help and MCP clients look for them.
 */
export function inputSchemaOf(command: Command): JsonSchema {
  const cached = schemaCache.get(command);
  if (cached) return cached;
  const schema = command.inputSchema;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const lifted: Record<string, JsonSchema> = {};
  for (const [key, property] of Object.entries(properties)) {
    const branches = Array.isArray(property.anyOf) ? (property.anyOf as JsonSchema[]) : [];
    const described = branches.filter((branch) => branch.type !== 'null' && branch.title !== undefined);
    lifted[key] =
      property.title === undefined && described.length === 1
        ? { title: described[0]!.title, description: described[0]!.description, ...property }
        : property;
  }
  const result = { ...schema, properties: lifted };
  schemaCache.set(command, result);
  return result;
}

/** The error every surface gives for an id that names no command (exit 2 in the CLI, 404 over HTTP). */
export function unknownCommandError(id: string): ValidationError {
  return new ValidationError(`Unknown command "${id}". List the commands with \`c-host list\`.`, {
    parameter: 'command',
    details: { unknownCommand: id },
  });
}

/** All connectors and their commands under qualified ids. */
export class Registry {
  readonly #connectors = new Map<string, Connector>();
  readonly #commands = new Map<string, RegisteredCommand>();
  readonly #tools = new Map<string, RegisteredCommand>();

  constructor(connectors: readonly Connector[]) {
    for (const connector of connectors) {
      if (this.#connectors.has(connector.id)) throw new Error(`Connector "${connector.id}" registered twice`);
      this.#connectors.set(connector.id, connector);
      for (const command of connector.list) {
        const id = `${connector.id}.${command.key}`;
        const entry: RegisteredCommand = {
          id,
          toolName: id.replace('.', '_'),
          connectorId: connector.id,
          key: command.key,
          connector,
          command,
        };
        this.#commands.set(id, entry);
        this.#tools.set(entry.toolName, entry);
      }
    }
  }

  /** The connectors in registration order. */
  connectors(): Connector[] {
    return [...this.#connectors.values()];
  }

  connector(id: string): Connector | undefined {
    return this.#connectors.get(id);
  }

  /** Every command, connector by connector, in definition order. */
  commands(): RegisteredCommand[] {
    return [...this.#commands.values()];
  }

  /** A command by qualified id (`payments.createCustomer`) or MCP tool name (`payments_createCustomer`). */
  command(idOrToolName: string): RegisteredCommand | undefined {
    return this.#commands.get(idOrToolName) ?? this.#tools.get(idOrToolName);
  }

  /** Like `command`, but throws the unknown-command `ValidationError`. */
  require(idOrToolName: string): RegisteredCommand {
    const entry = this.command(idOrToolName);
    if (!entry) throw unknownCommandError(idOrToolName);
    return entry;
  }
}
