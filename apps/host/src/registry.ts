import type { Command, Connector } from '@c/core';
import { ValidationError } from '@c/core';
import { closestNames, didYouMean } from './suggest.js';

/** A command's declared hints (core's type), for the surfaces that show them. */
export type { CommandHints } from '@c/core';

/** One command of the registry, with the names every surface uses. */
export interface RegisteredCommand {
  /** `<connector>.<key>`: the connector's id and the command's key. */
  readonly id: string;
  /** The MCP tool name: the id with `_` for `.`. */
  readonly toolName: string;
  readonly connectorId: string;
  readonly key: string;
  readonly connector: Connector;
  readonly command: Command;
}

/**
 * The MCP tool name of a connector's command: `<connector>_<key>` (`issues_searchTeams`). The one
 * place tools are named: the registry registers them under it and tool descriptions point to them by it.
 */
export function toolNameOf(connectorId: string, key: string): string {
  return `${connectorId}_${key}`;
}

/**
 * The error every surface gives for an id that names no command (exit 2 in the CLI, 404 over HTTP),
 * with the closest known ids when some are close (`details.suggestions`).
 */
export function unknownCommandError(id: string, known: Iterable<string> = []): ValidationError {
  const suggestions = closestNames(id, known);
  return new ValidationError(
    `Unknown command "${id}".${didYouMean(suggestions)} List the commands with \`c-host list\`.`,
    {
      parameter: 'command',
      details: { unknownCommand: id, ...(suggestions.length > 0 ? { suggestions } : {}) },
    },
  );
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
          toolName: toolNameOf(connector.id, command.key),
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

  /** A command by qualified id (`<connector>.<key>`) or MCP tool name (`<connector>_<key>`). */
  command(idOrToolName: string): RegisteredCommand | undefined {
    return this.#commands.get(idOrToolName) ?? this.#tools.get(idOrToolName);
  }

  /** Like `command`, but throws the unknown-command `ValidationError`. */
  require(idOrToolName: string): RegisteredCommand {
    const entry = this.command(idOrToolName);
    if (!entry) {
      // Tool names are suggested to those who typed one (an MCP client), ids to everyone else.
      const names =
        /^[a-z]+_/i.test(idOrToolName) && !idOrToolName.includes('.') ? this.#tools : this.#commands;
      throw unknownCommandError(idOrToolName, names.keys());
    }
    return entry;
  }
}
