import type { z } from 'zod';
import { type Command, parsedBy, parseWith, type RunOptions } from './command.js';
import type {
  ConnectConfig,
  Connector,
  ConnectorClient,
  ConnectorContext,
  ConnectorDefinition,
} from './connector-types.js';
import { ValidationError } from './errors/validation-error.js';
import { checkConnectorLookups } from './lookup.js';
import { commandRunner } from './run-command.js';
import { checkToolsets } from './toolsets.js';
import { lazySchema, zod } from './zod-lazy.js';

const contexts = new WeakMap<object, ConnectorContext>();

/**
 * The context behind a connected client (its HTTP client, options), for library-level helpers that
 * go beyond one command, such as a streaming export over the same connection.
 */
export function contextOf<Ctx extends ConnectorContext>(client: ConnectorClient<any>): Ctx {
  const ctx = contexts.get(client);
  if (!ctx) throw new TypeError('Not a client made by connect()');
  return ctx as Ctx;
}

/**
 * Defines a connector. `connect()` validates credentials and options (a `ValidationError` naming
 * `credentials.apiKey` or the option), builds one context (one keep-alive pool) for the connection,
 * and returns a client whose `run` validates input before anything is sent.
 */
export function defineConnector<
  Ctx extends ConnectorContext,
  Cmds extends Record<string, Command<any, any, Ctx>>,
  CredS extends z.ZodType,
  OptS extends z.ZodObject,
>(definition: ConnectorDefinition<Ctx, Cmds, CredS, OptS>): Connector<Ctx, Cmds, CredS, OptS> {
  checkDefinition(definition);
  const {
    createContext,
    verify,
    credentials: credentialsSource,
    options: optionsSource,
    ...meta
  } = definition;
  const credentialsSchema = lazySchema(credentialsSource);
  const optionsSchema = lazySchema(optionsSource);
  /** Validates options strictly; `prefix` names them in errors (`options` for a host's stored form). */
  const parseOptions = (value: unknown, prefix: string): z.output<OptS> => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const known = optionsSchema().shape;
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(known, key)) throw unknownOption(key, prefix, credentialsSchema(), known);
      }
    }
    return parseWith(optionsSchema(), value ?? {}, prefix);
  };
  return {
    ...meta,
    get credentials() {
      return credentialsSchema();
    },
    get options() {
      return optionsSchema();
    },
    list: Object.values(definition.commands),
    parseOptions: (options) => parseOptions(options, 'options'),
    connect(config) {
      const { credentials, onTokens, coordinateRefresh, http, ...rest } = config as ConnectConfig<
        CredS,
        OptS
      >;
      const parsedCredentials = parseWith(credentialsSchema(), credentials ?? {}, 'credentials');
      const options = parseOptions(rest, '');
      const ctx = createContext({
        credentials: parsedCredentials,
        options,
        onTokens,
        coordinateRefresh,
        http,
      });
      return clientOf(definition, ctx);
    },
  };
}

/** Every command, trigger and lookup is registered under its own key; every toolset is known. */
function checkDefinition(definition: ConnectorDefinition<any, any, any, any>): void {
  for (const [key, command] of Object.entries(definition.commands as Record<string, Command>)) {
    if (command.key !== key) {
      throw new Error(`Command registered as "${key}" has key "${command.key}"`);
    }
  }
  checkConnectorLookups(definition.commands);
  checkToolsets(definition.id, definition.toolsets, Object.keys(definition.commands));
  for (const [key, trigger] of Object.entries(definition.triggers ?? {})) {
    if (trigger.key !== key) throw new Error(`Trigger registered as "${key}" has key "${trigger.key}"`);
  }
}

/** The client of one connection: its runs validate input, then run on the connection's context. */
function clientOf<Ctx extends ConnectorContext, Cmds extends Record<string, Command<any, any, Ctx>>>(
  definition: ConnectorDefinition<Ctx, Cmds, any, any>,
  ctx: Ctx,
): ConnectorClient<Cmds> {
  const runCommand = commandRunner(definition, ctx);
  const commands: Record<string, Command<any, any, Ctx>> = definition.commands;
  const runUnknown = (key: string, input: unknown, runOptions: RunOptions = {}): Promise<unknown> => {
    const command = Object.hasOwn(commands, key) ? commands[key] : undefined;
    if (!command) {
      return Promise.reject(
        new ValidationError(`Unknown command "${key}" for connector ${definition.id}`, {
          parameter: 'command',
        }),
      );
    }
    // Bad input (or a bad key) rejects like any failure of the run, never throws at the call.
    // Parsed as `command.parse` does, without marking the input as parsed: it goes straight to
    // the run, and a weak map entry per call would only add work for the garbage collector.
    try {
      return runCommand(command, parseWith(command.input, input ?? {}), runOptions);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const runParsed = async (command: Command<any, any, any>, input: unknown, runOptions: RunOptions = {}) => {
    // Identity, not the key: another connector's command must never run with this context.
    if (commands[command.key] !== command) {
      const message = `Command "${command.key}" is not a command of connector ${definition.id}`;
      throw new ValidationError(message, { parameter: 'command' });
    }
    return runCommand(command, parsedBy(command, input) ? input : command.parse(input), runOptions);
  };
  const client: ConnectorClient<Cmds> = {
    connectorId: definition.id,
    run: runUnknown as ConnectorClient<Cmds>['run'],
    runUnknown,
    runParsed,
    async verify() {
      if (definition.verify) await definition.verify(ctx);
    },
    close: () => ctx.close(),
  };
  contexts.set(client, ctx);
  return client;
}

/** The property names a schema's JSON Schema allows, through unions and intersections. */
function schemaKeys(schema: z.ZodType): Set<string> {
  const keys = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (object.properties && typeof object.properties === 'object') {
      for (const key of Object.keys(object.properties)) keys.add(key);
    }
    for (const branch of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(object[branch])) for (const item of object[branch]) visit(item);
    }
  };
  visit(zod().toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return keys;
}

/** An option the schema does not have; a credential key (or `credentials`) says where it belongs. */
function unknownOption(
  key: string,
  prefix: string,
  credentials: z.ZodType,
  known: Record<string, unknown>,
): ValidationError {
  const parameter = prefix ? `${prefix}.${key}` : key;
  const credential = key === 'credentials' || schemaKeys(credentials).has(key);
  const names = Object.keys(known);
  const message = credential
    ? 'is a credential, not an option: credentials go only in the credential fields'
    : `is not an option of this connector (options: ${names.length > 0 ? names.join(', ') : 'none'})`;
  return new ValidationError(`Invalid parameter "${parameter}": ${message}`, { parameter });
}
