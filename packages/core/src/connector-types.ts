// The types of a connector: what an author writes (`ConnectorDefinition`), what `defineConnector`
// returns (`Connector`) and what `connect()` gives a caller (`ConnectorClient`).
import type { z } from 'zod';
import type { OAuthTokens, RefreshCoordinator } from './auth/oauth2-auth.js';
import type { Command, RunOptions } from './command.js';
import type { HttpTuning } from './http/client-options.js';
import type { DryRunResult } from './run-context.js';
import type { Toolset } from './toolsets.js';
import type { Trigger } from './trigger.js';
import type { SchemaSource } from './zod-lazy.js';

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

/** The input a command takes. */
export type InputOf<C> = C extends Command<infer I, any, any> ? z.input<I> : never;
/** The output a command returns. */
export type OutputOf<C> = C extends Command<any, infer O, any> ? O : never;

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
