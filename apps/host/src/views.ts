import { type Connector, type JsonSchema, type Lookup, zod } from '@c/core';
import type { CommandDetail, CommandSummary, ConnectorSummary } from './api/schemas.js';
import { commandArea } from './areas.js';
import type { RegisteredCommand } from './registry.js';

// The shapes are the API's (`./api`): the CLI, MCP and HTTP show commands and connectors alike.
export type { CommandDetail, CommandSummary, ConnectorSummary };

/** The listing form of a command, with the area its connector lists it under. */
export function commandSummary(entry: RegisteredCommand): CommandSummary {
  const area = commandArea(entry.connector, entry.key);
  return {
    id: entry.id,
    connector: entry.connectorId,
    key: entry.key,
    title: entry.command.title,
    description: entry.command.description,
    annotations: entry.command.annotations,
    toolName: entry.toolName,
    ...(area && { area: { id: area.id, title: area.title } }),
  };
}

/** A command with the JSON Schemas every surface shows. */
export function commandDetail(entry: RegisteredCommand): CommandDetail {
  return {
    ...commandSummary(entry),
    inputSchema: entry.command.inputSchema,
    outputSchema: entry.command.outputSchema,
    lookups: qualifiedLookups(entry),
  };
}

/** A command's lookups with the commands they run named as the host names them: `<connector>.<key>`. */
export function qualifiedLookups(entry: RegisteredCommand): Record<string, Lookup> {
  const qualify = (key: string) => `${entry.connectorId}.${key}`;
  return Object.fromEntries(
    Object.entries(entry.command.lookups ?? {}).map(([parameter, lookup]) => [
      parameter,
      {
        ...lookup,
        command: qualify(lookup.command),
        ...(lookup.whenQueryEmpty && {
          whenQueryEmpty: { ...lookup.whenQueryEmpty, command: qualify(lookup.whenQueryEmpty.command) },
        }),
      },
    ]),
  );
}

/**
 * The credential fields a connector takes: the properties of its credentials schema, of every
 * branch when it takes one of several kinds (OAuth tokens, or a personal API key).
 */
export function credentialKeys(connector: Connector): string[] {
  const schema = jsonSchema(connector.credentials);
  const branches = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[])];
  return [
    ...new Set(
      branches.flatMap((branch) => Object.keys((branch.properties ?? {}) as Record<string, unknown>)),
    ),
  ];
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
    env: { ...connector.env },
    oauthConfigured,
  };
}
