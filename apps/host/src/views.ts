import { type CommandHints, type Connector, type JsonSchema, zod } from '@c/core';
import type { RegisteredCommand } from './registry.js';

/** A command as listed by `c-host list` and `GET /api/commands`. */
export interface CommandSummary {
  id: string;
  connector: string;
  key: string;
  title: string;
  description: string;
  /** As the command declares them: whether it reads, destroys, and can be repeated safely. */
  annotations: CommandHints;
  toolName: string;
}

/** A command with its JSON Schemas, as `c-host describe` and `GET /api/commands/:id` show it. */
export interface CommandDetail extends CommandSummary {
  inputSchema: JsonSchema;
  outputSchema: JsonSchema | undefined;
}

/** A connector as `GET /api/connectors` lists it. */
export interface ConnectorSummary {
  id: string;
  title: string;
  description: string;
  auth: Connector['auth'];
  credentialsSchema: JsonSchema;
  optionsSchema: JsonSchema;
  /** True when Connect (OAuth) can run for this connector on this host. */
  oauthConfigured: boolean;
}

/** The listing form of a command. */
export function commandSummary(entry: RegisteredCommand): CommandSummary {
  return {
    id: entry.id,
    connector: entry.connectorId,
    key: entry.key,
    title: entry.command.title,
    description: entry.command.description,
    annotations: entry.command.annotations,
    toolName: entry.toolName,
  };
}

/** A command with the JSON Schemas every surface shows. */
export function commandDetail(entry: RegisteredCommand): CommandDetail {
  return {
    ...commandSummary(entry),
    inputSchema: entry.command.inputSchema,
    outputSchema: entry.command.outputSchema,
  };
}

function jsonSchema(schema: unknown): JsonSchema {
  const json = zod().toJSONSchema(schema as Parameters<ReturnType<typeof zod>['toJSONSchema']>[0], {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** A connector with the JSON Schemas of its credentials and options, for connect forms. */
export function connectorSummary(connector: Connector, oauthConfigured: boolean): ConnectorSummary {
  return {
    id: connector.id,
    title: connector.title,
    description: connector.description,
    auth: connector.auth,
    credentialsSchema: jsonSchema(connector.credentials),
    optionsSchema: jsonSchema(connector.options),
    oauthConfigured,
  };
}
