import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { OAuthTokens, RefreshCoordinator } from './auth/oauth2-auth.js';
import { type Command, parsedBy, parseWith, type RunOptions } from './command.js';
import { NetworkError } from './errors/network-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import { ValidationError } from './errors/validation-error.js';
import type { HttpTuning } from './http/http-client.js';
import { checkConnectorLookups } from './lookup.js';
import { currentRun, type DryRunResult, type RunState, withRun } from './run-context.js';
import { checkToolsets, type Toolset } from './toolsets.js';
import type { Trigger } from './trigger.js';
import { lazySchema, type SchemaSource, zod } from './zod-lazy.js';

/** What a connector's context must offer: a way to release its pool and credentials. */
export interface ConnectorContext {
  close(): Promise<void>;
}

/** How a connector authenticates, for hosts that build connect screens. */
export type AuthDescriptor =
  | { type: 'apiKey' }
  | { type: 'basic' }
  | {
      type: 'oauth2';
      /** The provider's authorization endpoint (overridable by a host's configuration). */
      authorizationUrl: string;
      tokenUrl: string;
      scopes: string[];
      /** How scopes are joined in the authorization request (default a space; Linear uses a comma). */
      scopeSeparator?: string;
      /** Extra query parameters of the authorization request (e.g. `access_type=offline`). */
      authorizationParams?: Record<string, string>;
      /** Alternative credentials accepted besides OAuth (e.g. Linear's personal API key). */
      alternatives?: string[];
    };

/**
 * Connection settings: credentials plus the connector's options. Options are checked strictly
 * against the connector's option schema: an unknown key, or a credential given as an option, is a
 * `ValidationError`, so nothing outside `credentials` can stand in for a credential.
 */
export type ConnectConfig<CredS extends z.ZodType, OptS extends z.ZodObject> = {
  credentials: z.input<CredS>;
  /** Receives rotated OAuth tokens so a store can persist them. */
  onTokens?: (tokens: OAuthTokens) => void | Promise<void>;
  /**
   * Wraps every OAuth token refresh, for hosts where several processes share one stored connection:
   * take a lock shared by all of them, read the stored tokens, and call the given function with
   * them (see `RefreshCoordinator`). Without it, refresh is single-flight within this client only.
   */
  coordinateRefresh?: RefreshCoordinator;
  /** Retries and timeouts of this connection, over the connector's defaults. */
  http?: HttpTuning;
} & z.input<OptS>;

/** What a connector author writes. */
export interface ConnectorDefinition<
  Ctx extends ConnectorContext,
  Cmds extends Record<string, Command<any, any, Ctx>>,
  CredS extends z.ZodType,
  OptS extends z.ZodObject,
> {
  /** `payments`, `analytics`, `issues` or `docs`. */
  id: string;
  title: string;
  description: string;
  /** The credentials schema, or `(z) => …` to build it when first needed. */
  credentials: SchemaSource<CredS>;
  /** The options schema (base URLs, region, …), or `(z) => …`. */
  options: SchemaSource<OptS>;
  auth: AuthDescriptor;
  /** Environment variables a host reads: name → `credentials.<key>` or an option key. */
  env?: Record<string, string>;
  commands: Cmds;
  /**
   * What the connector can watch (`payments.event`…), keyed like commands: webhook and polling
   * triggers over the same connection and context.
   */
  triggers?: Record<string, Trigger<any, any, Ctx, any>>;
  /**
   * The commands grouped by area, keyed by toolset name (`refunds`, `comments`…), with `core` for
   * the most used ones. Optional; when given, every command is in at least one area.
   */
  toolsets?: Record<string, Toolset>;
  createContext(config: {
    credentials: z.output<CredS>;
    options: z.output<OptS>;
    onTokens?: ((tokens: OAuthTokens) => void | Promise<void>) | undefined;
    /** Pass it to `oauth2Auth` with `onTokens`: a host's cross-process refresh lock. */
    coordinateRefresh?: RefreshCoordinator | undefined;
    /** The connection's retry and timeout tuning: pass it to `withTuning` for every `HttpClient`. */
    http?: HttpTuning | undefined;
  }): Ctx;
  /** A cheap read call that proves the credentials work (used when a connection is saved). */
  verify?(ctx: Ctx): Promise<unknown>;
  /**
   * Loads the connector's provider simulator (its `testing` entry), for sandboxes and tests: a host
   * starts whatever simulators its connectors declare, knowing none by name. Loaded only when called.
   */
  simulator?: () => Promise<ConnectorSimulator>;
}

/**
 * What a connector's `simulator` loader resolves to: the `Simulator` of `@c/core/testing`, described
 * here by its shape only, so that this entry's type declarations name none of the test libraries
 * (msw) the testing entry's do, and a user's `tsc` needs no optional peer to check them.
 */
export interface ConnectorSimulator {
  readonly connectorId: string;
  /** The provider API and version it behaves like, e.g. `Stripe API 2026-10-28.endive`. */
  readonly speaks: string;
  /** Starts it: a `RunningSimulator` of `@c/core/testing`. */
  start(options?: any): Promise<any>;
}

type InputOf<C> = C extends Command<infer I, any, any> ? z.input<I> : never;
type OutputOf<C> = C extends Command<any, infer O, any> ? O : never;

/** A connected account: typed `run` for every command of the connector. */
export interface ConnectorClient<Cmds extends Record<string, Command<any, any, any>>> {
  readonly connectorId: string;
  /** A dry run: the input validated, the requests the run would send returned, nothing sent. */
  run<K extends keyof Cmds & string>(
    key: K,
    input: InputOf<Cmds[K]>,
    options: RunOptions & { dryRun: true },
  ): Promise<DryRunResult>;
  run<K extends keyof Cmds & string>(
    key: K,
    input: InputOf<Cmds[K]>,
    options?: RunOptions,
  ): Promise<OutputOf<Cmds[K]>>;
  /** Untyped run, for hosts that dispatch by name (a `DryRunResult` with `dryRun`). */
  runUnknown(key: string, input: unknown, options?: RunOptions): Promise<unknown>;
  /**
   * Runs one of this connector's commands (the object itself, as a host's registry holds it) on
   * input its `parse` returned, so a host that validated before choosing a connection neither looks
   * the command up nor parses again. Input that `parse` did not return is parsed here. A command of
   * another connector is a `ValidationError` on `command`.
   */
  runParsed(command: Command<any, any, any>, input: unknown, options?: RunOptions): Promise<unknown>;
  /** Runs the connector's credential check. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

/** A connector: its metadata, commands and `connect`. */
export interface Connector<
  Ctx extends ConnectorContext = ConnectorContext,
  Cmds extends Record<string, Command<any, any, Ctx>> = Record<string, Command<any, any, Ctx>>,
  CredS extends z.ZodType = z.ZodType,
  OptS extends z.ZodObject = z.ZodObject,
> extends Omit<
    ConnectorDefinition<Ctx, Cmds, CredS, OptS>,
    'createContext' | 'verify' | 'credentials' | 'options'
  > {
  /** The credentials schema (built on first access). */
  readonly credentials: CredS;
  /** The options schema (built on first access). */
  readonly options: OptS;
  /** The commands in definition order. */
  readonly list: Command<any, any, Ctx>[];
  /**
   * Checks a connection's options as a host stores them (`{ baseUrl, … }`): an unknown key, or a
   * credential given as an option, is a `ValidationError` naming `options.<key>`. Returns them
   * parsed, defaults applied.
   */
  parseOptions(options: unknown): z.output<OptS>;
  connect(config: ConnectConfig<CredS, OptS>): ConnectorClient<Cmds>;
}

const contexts = new WeakMap<object, ConnectorContext>();

/**
 * Runs with a deadline: the signal handed to the command aborts at the deadline (so its calls stop
 * and say whether a write may have applied), and the run ends then even if a command ignores it.
 */
async function withDeadline<T>(
  timeoutMs: number,
  runOptions: RunOptions,
  mayApply: boolean,
  provider: string,
  run: (options: RunOptions) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const signal = runOptions.signal
    ? AbortSignal.any([runOptions.signal, controller.signal])
    : controller.signal;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException(`The run exceeded its ${timeoutMs} ms deadline`, 'TimeoutError');
      controller.abort(reason);
      // Give the command's own calls a moment to report precisely before the generic error.
      setTimeout(
        () =>
          reject(
            new TimeoutError(
              `${provider} run exceeded its ${timeoutMs} ms deadline${mayApply ? '; the outcome is unknown: it may have been applied' : ''}`,
              { outcomeUnknown: mayApply },
            ),
          ),
        20,
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([run({ ...runOptions, signal }), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

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
  for (const [key, command] of Object.entries(definition.commands)) {
    if (command.key !== key) {
      throw new Error(`Command registered as "${key}" has key "${command.key}"`);
    }
  }
  checkConnectorLookups(definition.commands);
  checkToolsets(definition.id, definition.toolsets, Object.keys(definition.commands));
  for (const [key, trigger] of Object.entries(definition.triggers ?? {})) {
    if (trigger.key !== key) throw new Error(`Trigger registered as "${key}" has key "${trigger.key}"`);
  }
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
      /** One run of a command of this connector on parsed input: idempotency key, deadline, dry run. */
      const runCommand = (
        command: Command<any, any, Ctx>,
        parsed: unknown,
        runOptions: RunOptions,
      ): Promise<unknown> => {
        const writes = !command.annotations.readOnly;
        const given =
          runOptions.idempotencyKey === undefined
            ? undefined
            : checkIdempotencyKey(runOptions.idempotencyKey, writes, `${definition.id}.${command.key}`);
        // Every run of a write has a key: the caller's, or its own, which an unknown outcome names.
        const idempotencyKey = writes ? (given ?? randomUUID()) : undefined;
        const options: RunOptions =
          runOptions.idempotencyKey === idempotencyKey ? runOptions : { ...runOptions, idempotencyKey };
        if (runOptions.dryRun) {
          const state: RunState = {
            idempotencyKey,
            writes: 0,
            dryRun: { requests: [] },
            observer: runOptions.observer,
          };
          return dryRunOf(state.dryRun!, () => withRun(state, () => command.run(parsed, ctx, options)));
        }
        const execute = () =>
          runOptions.timeoutMs === undefined
            ? command.run(parsed, ctx, options)
            : withDeadline(runOptions.timeoutMs, options, writes, definition.title, (deadlined) =>
                command.run(parsed, ctx, deadlined),
              );
        // A read without an observer gives its calls nothing to know: it runs without a run context
        // of its own (one less context per call), unless it runs inside another run, whose key,
        // dry run or observer must not reach its calls.
        if (!idempotencyKey && !runOptions.observer && currentRun() === undefined) {
          return Promise.resolve(execute());
        }
        const state: RunState = {
          idempotencyKey,
          writes: 0,
          dryRun: undefined,
          observer: runOptions.observer,
        };
        const running = Promise.resolve(withRun(state, execute));
        return idempotencyKey
          ? running.catch((error: unknown) => Promise.reject(namingKey(error, idempotencyKey)))
          : running;
      };
      const runUnknown = (key: string, input: unknown, runOptions: RunOptions = {}): Promise<unknown> => {
        const command = Object.hasOwn(definition.commands, key) ? definition.commands[key] : undefined;
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
      const runParsed = async (
        command: Command<any, any, any>,
        input: unknown,
        runOptions: RunOptions = {},
      ) => {
        // Identity, not the key: another connector's command must never run with this context.
        if (definition.commands[command.key] !== command) {
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
          if (verify) await verify(ctx);
        },
        close: () => ctx.close(),
      };
      contexts.set(client, ctx);
      return client;
    },
  };
}

/** Printable ASCII: a key travels in an HTTP header (Stripe's `Idempotency-Key`). */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;

/**
 * Checks a caller's idempotency key: only write commands take one (`writes`), and it must be 1 to
 * 200 printable ASCII characters, to travel in a header. A `ValidationError` on `idempotencyKey`
 * otherwise. Hosts that keep their own record of keys check them with this same rule first.
 */
export function checkIdempotencyKey(key: unknown, writes: boolean, commandId: string): string | undefined {
  if (key === undefined) return undefined;
  const fail = (message: string): never => {
    throw new ValidationError(`Invalid parameter "idempotencyKey": ${message}`, {
      parameter: 'idempotencyKey',
    });
  };
  if (!writes) fail(`${commandId} only reads, and reading again changes nothing: send no idempotency key`);
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    fail('expected a string of 1 to 200 printable ASCII characters (a UUID, say)');
  }
  return key as string;
}

/**
 * Runs a dry run: the command runs until its first request, which is recorded instead of sent. A
 * failure before any request (a rule of the command) is the caller's error, thrown as it is.
 */
async function dryRunOf(
  recorder: NonNullable<RunState['dryRun']>,
  run: () => Promise<unknown>,
): Promise<DryRunResult> {
  try {
    await run();
  } catch (error) {
    if (recorder.requests.length === 0) throw error;
  }
  // Requests started beside the stopped one (a parallel batch) reach the recorder a moment later.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    dryRun: true,
    requests: [...recorder.requests],
    note:
      recorder.requests.length === 0
        ? 'Nothing was sent: the input is valid and the run needs no request.'
        : 'Nothing was sent. These are the first requests the run would send; a command that makes more calls (a next page, a read before a write, a second batch) would go on after their answers.',
  };
}

/**
 * A write whose outcome is unknown names the key to repeat it with: repeating the run with the same
 * key lets a provider that deduplicates by it (Stripe, a Linear id) apply the change once.
 */
function namingKey(error: unknown, key: string): unknown {
  const unknown = (NetworkError.isInstance(error) || TimeoutError.isInstance(error)) && error.outcomeUnknown;
  if (!unknown || error.details?.idempotencyKey !== undefined) return error;
  const Kind = NetworkError.isInstance(error) ? NetworkError : TimeoutError;
  const named = new Kind(
    `${error.message}. To repeat it, send the same idempotency key "${key}" (idempotencyKey): a provider that deduplicates by it applies the change once.`,
    {
      outcomeUnknown: true,
      status: error.status,
      providerMessage: error.providerMessage,
      providerCode: error.providerCode,
      requestId: error.requestId,
      retryable: error.retryable,
      details: { ...error.details, idempotencyKey: key },
    },
  );
  // The cause is already reduced to plain, redacted fields: keep it as it is.
  Object.defineProperty(named, 'cause', { value: error.cause, enumerable: false, writable: true });
  return named;
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
