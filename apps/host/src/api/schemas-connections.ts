import { z } from 'zod';
import { JsonObject, requestSchemas, responseSchemas, timestamp } from './schemas-base.js';

// ---------------------------------------------------------------------------------------------
// Connections
// ---------------------------------------------------------------------------------------------

/**
 * A connection's state as the host sees it: `needs_reconnect` when the provider refused its
 * credentials, `unreadable` when they were sealed under another secret key, `check_failed` when the
 * last check failed for another reason, `sandbox_stopped` when it points at a sandbox not running.
 */
export const ConnectionStatus = z.enum([
  'ok',
  'needs_reconnect',
  'unreadable',
  'check_failed',
  'sandbox_stopped',
]);

/** A connection as the API shows it. Never carries a secret: only hints such as `sk_test_…4242`. */
export const ConnectionView = z
  .object({
    name: z.string(),
    connector: z.string(),
    isDefault: z.boolean(),
    sandbox: z.boolean(),
    status: ConnectionStatus,
    statusMessage: z
      .string()
      .optional()
      .meta({ description: 'Why the status is not ok, for check_failed and sandbox_stopped.' }),
    credentialHints: z.record(z.string(), z.string()),
    options: JsonObject,
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .register(responseSchemas, { id: 'Connection' });

/** The body of `POST /api/connections`. */
export const CreateConnectionRequest = z
  .strictObject({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/)
      .meta({ title: 'Name', description: 'The connection name (letters, digits, ".", "_", "-").' }),
    connector: z
      .string()
      .meta({ title: 'Connector', description: 'The connector id, as `GET /api/connectors` lists them.' }),
    credentials: JsonObject.meta({
      title: 'Credentials',
      description: "The connector's credentials (write-only: responses show masked hints).",
    }),
    options: JsonObject.optional().meta({ title: 'Options', description: 'Base URLs, region, API version.' }),
    isDefault: z
      .boolean()
      .optional()
      .meta({ title: 'Default', description: "Make it the connector's default." }),
  })
  .register(requestSchemas, { id: 'NewConnection' });

/** A path parameter naming a connection. */
export const ConnectionParams = z.object({ name: z.string() });

// ---------------------------------------------------------------------------------------------
// OAuth and sessions
// ---------------------------------------------------------------------------------------------

// Query strings: a repeated key (`?state=a&state=b`) arrives as an array, which these refuse before a
// handler could mistake it for a string.

/** `GET /api/oauth/:connector/start` */
export const OAuthStartParams = z.object({ connector: z.string() });
/** `GET /api/oauth/:connector/start?connection=` */
export const OAuthStartQuery = z.object({
  connection: z
    .string()
    .optional()
    .meta({ description: 'The connection to create or reconnect; the connector id when absent.' }),
});
/** `GET /api/oauth/callback` (providers may add more parameters, such as `scope`). */
export const OAuthCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

/** What the OAuth callback page posts to its opener (`window.opener.postMessage`) before it closes. */
export const OAuthMessage = z.object({
  type: z.literal('c-host:oauth'),
  ok: z.boolean(),
  connection: z.string().optional(),
  error: z.string().optional().meta({ description: 'Why Connect failed, in a sentence.' }),
});

/** The body of `POST /api/session`. */
export const SessionRequest = z
  .strictObject({
    token: z.string().min(1).meta({ title: 'Access token', description: 'The host token.' }),
  })
  .register(requestSchemas, { id: 'SessionRequest' });

/** What a sign-in answers (the session is the cookie it sets). */
export const SessionResponse = z.object({ ok: z.literal(true) });

/** `GET /auth`: a one-time sign-in link. */
export const AuthQuery = z.object({ token: z.string().optional(), next: z.string().optional() });

// ---------------------------------------------------------------------------------------------
// Health and operations
// ---------------------------------------------------------------------------------------------

/** `GET /api/health`: the host is up. */
export const HealthResponse = z.object({ ok: z.literal(true), version: z.string() });

/** `GET /api/ready`: whether the store can serve (503 with `ok: false` when not). */
export const ReadinessResponse = z
  .object({
    ok: z.boolean(),
    ready: z.boolean(),
    store: z.enum(['sqlite', 'postgres']),
    reason: z.string().optional().meta({ description: 'Why it cannot, in words that carry no secret.' }),
    schemaVersion: z
      .int()
      .optional()
      .meta({ description: 'The schema version applied, where the store has versioned migrations.' }),
  })
  .register(responseSchemas, { id: 'Readiness' });

/** `GET /api/audit` */
export const AuditQuery = z.strictObject({
  limit: z.string().optional().meta({ description: 'At most this many entries (1 to 1000, default 100).' }),
  since: z.string().optional().meta({
    description:
      'Only entries from this time on: ISO 8601 (2026-03-01T10:00:00Z) or a duration back from now (24h, 7d).',
  }),
});

/** An entry of the audit log: who did what, to which command or connection, and how it ended. */
export const AuditEntry = z
  .object({
    id: z.int().meta({ description: 'Increasing with each entry in one store.' }),
    at: timestamp(),
    actor: z.string().meta({
      description: 'token:<12 hex of its SHA-256>, session:<12 hex>, cli, or anonymous; never the secret.',
    }),
    action: z
      .string()
      .meta({ description: 'command.run, or connection.create, .update, .remove, .default.' }),
    target: z.string().meta({ description: 'The command id or the connection name.' }),
    connection: z.string().optional(),
    outcome: z.string().meta({ description: "ok, replayed, or the error's kind." }),
    requestId: z.string().optional().meta({ description: "The provider's request id of the last call." }),
  })
  .register(responseSchemas, { id: 'AuditEntry' });

// ---------------------------------------------------------------------------------------------
// The sandbox
// ---------------------------------------------------------------------------------------------

/** One simulator of the sandbox, as a person needs it to use the sandbox from a program. */
export const SandboxEntry = z.object({
  connector: z.string(),
  connection: z
    .string()
    .meta({ description: 'The sandbox connection pointing at it (`sandbox-<connector>`).' }),
  baseUrl: z
    .string()
    .optional()
    .meta({ description: "The simulator's base URL (the connection's baseUrl option)." }),
  env: z.record(z.string(), z.string()).meta({
    description:
      "The connector's environment variables with the sandbox's values (keys included: sandbox keys are not secrets), what `<connector>.connect()` and an implicit connection read.",
  }),
});

/** `GET /api/sandbox`: the sandbox's simulators, their keys and the environment variables to paste. */
export const SandboxView = z
  .object({
    running: z.boolean().meta({ description: 'Whether a `serve --sandbox` runs the simulators now.' }),
    pid: z.int().optional().meta({ description: 'Its process id while it runs.' }),
    simulators: z.array(SandboxEntry),
  })
  .register(responseSchemas, { id: 'Sandbox' });

// Types: what the host sends (responses) and what a client may send (requests).
export type ConnectionStatus = z.output<typeof ConnectionStatus>;
export type ConnectionView = z.output<typeof ConnectionView>;
export type CreateConnectionRequest = z.input<typeof CreateConnectionRequest>;
export type OAuthMessage = z.output<typeof OAuthMessage>;
export type SessionRequest = z.input<typeof SessionRequest>;
export type HealthResponse = z.output<typeof HealthResponse>;
export type ReadinessResponse = z.output<typeof ReadinessResponse>;
export type AuditEntry = z.output<typeof AuditEntry>;
export type SandboxEntry = z.output<typeof SandboxEntry>;
export type SandboxView = z.output<typeof SandboxView>;
