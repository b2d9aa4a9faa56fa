import type { ErrorJson } from '@c/core';

/** The host's HTTP API, as the UI sees it. All JSON, same origin, session cookie. */

/** A JSON Schema object as the host derives it from a command's zod input. */
export type JsonSchema = Record<string, unknown>;

/** How a connector authenticates. */
export type AuthDescriptor =
  | { type: 'apiKey' }
  | { type: 'basic' }
  | {
      type: 'oauth2';
      authorizationUrl?: string;
      tokenUrl?: string;
      scopes?: string[];
      /** Credentials accepted besides OAuth, e.g. `['apiKey']` for a personal key. */
      alternatives?: string[];
    };

/** `GET /api/connectors` entry. */
export interface ConnectorInfo {
  id: string;
  title: string;
  description: string;
  auth: AuthDescriptor;
  credentialsSchema: JsonSchema;
  optionsSchema: JsonSchema;
  /** False when this host has no OAuth client for the connector, so Connect cannot run. */
  oauthConfigured?: boolean;
}

/** Hints about a command's effect. */
export interface CommandAnnotations {
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
}

/** `GET /api/commands` entry. */
export interface CommandSummary {
  /** Qualified id, `<connector>.<key>`. */
  id: string;
  connector: string;
  key: string;
  title: string;
  description: string;
  annotations: CommandAnnotations;
  toolName: string;
}

/**
 * How a parameter's choices are found, as the connector declares it (`Lookup` of `@c/core`, its
 * commands qualified by the host): the command that lists them, its input with `{query}` and
 * `{param:name}` placeholders, and where the list, values and names sit in its result.
 */
export interface CommandLookup {
  noun: string;
  command: string;
  input?: Record<string, unknown>;
  whenQueryEmpty?: { command: string; input?: Record<string, unknown>; items?: string };
  needs?: string[];
  items: string;
  where?: string;
  value: string;
  label: string[];
  detail?: string[];
  searchesRemotely?: boolean;
}

/** `GET /api/commands/:id`. */
export interface CommandDetail extends CommandSummary {
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema | null;
  /** By parameter; absent from hosts older than lookups. */
  lookups?: Record<string, CommandLookup>;
}

/**
 * A connection's state as the host sees it: `needs_reconnect` when the provider refused its
 * credentials, `unreadable` when they were sealed under another secret key, `check_failed` when the
 * last check failed for another reason, `sandbox_stopped` when it points at a sandbox not running.
 */
export type ConnectionStatus = 'ok' | 'needs_reconnect' | 'unreadable' | 'check_failed' | 'sandbox_stopped';

/** `GET /api/connections` entry. Never carries a secret: only hints such as `sk_test_…4242`. */
export interface Connection {
  name: string;
  connector: string;
  isDefault: boolean;
  sandbox: boolean;
  status: ConnectionStatus;
  /** Why the status is not `ok`, in a sentence; set for `check_failed` and `sandbox_stopped`. */
  statusMessage?: string;
  credentialHints: Record<string, string>;
  options: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** The error JSON every surface of the host prints, and its kinds: the same types as `@c/core`. */
export type { ErrorJson, ErrorKind } from '@c/core';

/** What the OAuth callback page posts to its opener before it closes. */
export interface OAuthMessage {
  type: 'c-host:oauth';
  ok: boolean;
  connection?: string;
  error?: string | ErrorJson;
}
