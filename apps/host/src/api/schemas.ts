// The host's HTTP API, defined once: Fastify validates requests with JSON Schemas converted from these,
// the OpenAPI document's components are these, and the web UI's types are their `z.infer`. This module
// graph is zod and core's dependency-free error kinds only, so a browser bundle can import it.
import { ERROR_KINDS } from '@c/core/error-kinds';
import { z } from 'zod';

/** Request schemas, converted for their input (what a client may send). */
export const requestSchemas = z.registry<{ id: string }>();
/** Response schemas, converted for their output (what the host sends). */
export const responseSchemas = z.registry<{ id: string }>();

/** A JSON Schema, as the host derives it from a command's, trigger's or connector's zod schema. */
const JsonSchema = z.record(z.string(), z.unknown());
/** Any JSON object: a command's input, a connector's options, error details. */
const JsonObject = z.record(z.string(), z.unknown());
// Formats as annotations, not zod's checks: their JSON Schema would carry a long pattern beside the format.
/** An ISO 8601 time, as every view carries it. */
const timestamp = () => z.string().meta({ format: 'date-time' });
/** A run's id. */
const uuid = () => z.string().meta({ format: 'uuid' });

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** The error JSON every surface of the host prints (`ErrorJson` of `@c/core`). */
export const ErrorJson = z
  .object({
    name: z.string(),
    kind: z.enum(ERROR_KINDS),
    message: z.string(),
    retryable: z.boolean(),
    status: z.int().optional(),
    parameter: z.string().optional(),
    providerMessage: z.string().optional(),
    providerCode: z.string().optional(),
    requestId: z.string().optional(),
    retryAfterMs: z.number().optional(),
    outcomeUnknown: z
      .boolean()
      .optional()
      .meta({ description: 'A write whose outcome at the provider is unknown (it may have been applied).' }),
    needsReconnect: z.boolean().optional(),
    details: JsonObject.optional(),
  })
  .register(responseSchemas, { id: 'ErrorJson' });

/** The body of every failing call. */
export const ErrorBody = z.object({ error: ErrorJson }).register(responseSchemas, { id: 'Error' });

// ---------------------------------------------------------------------------------------------
// Catalogue: connectors and commands
// ---------------------------------------------------------------------------------------------

/** How a connector authenticates (`AuthDescriptor` of `@c/core`). */
export const AuthDescriptor = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('apiKey') }),
    z.object({ type: z.literal('basic') }),
    z.object({
      type: z.literal('oauth2'),
      authorizationUrl: z.string(),
      tokenUrl: z.string(),
      scopes: z.array(z.string()),
      scopeSeparator: z.string().optional(),
      authorizationParams: z.record(z.string(), z.string()).optional(),
      alternatives: z
        .array(z.string())
        .optional()
        .meta({ description: "Credentials accepted besides OAuth, e.g. ['apiKey'] for a personal key." }),
    }),
  ])
  .register(responseSchemas, { id: 'AuthDescriptor' });

/** A connector as `GET /api/connectors` lists it. */
export const ConnectorSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    auth: AuthDescriptor,
    credentialsSchema: JsonSchema,
    optionsSchema: JsonSchema,
    env: z.record(z.string(), z.string()).meta({
      description:
        "The environment variables a connection can be made from (CLI, library), each with the credential or option it fills: {C_ACME_API_KEY: 'credentials.apiKey', C_ACME_BASE_URL: 'baseUrl'}.",
    }),
    oauthConfigured: z
      .boolean()
      .meta({ description: 'True when Connect (OAuth) can run for this connector on this host.' }),
  })
  .register(responseSchemas, { id: 'Connector' });

/** What a command declares about its effect: whether it reads, destroys, and can be repeated safely. */
export const CommandHints = z
  .object({ readOnly: z.boolean(), destructive: z.boolean(), idempotent: z.boolean() })
  .register(responseSchemas, { id: 'CommandHints' });

/** A command as `GET /api/commands` lists it. */
export const CommandSummary = z
  .object({
    id: z.string().meta({ description: 'The qualified id, <connector>.<key>.' }),
    connector: z.string(),
    key: z.string(),
    title: z.string(),
    description: z.string(),
    annotations: CommandHints,
    toolName: z.string(),
  })
  .register(responseSchemas, { id: 'CommandSummary' });

const templates = z.array(z.string());

/**
 * How a parameter's choices are found (`Lookup` of `@c/core`, its commands qualified by the host):
 * the command that lists them, its input with `{query}` and `{param:name}` placeholders, and where the
 * list, values and names sit in its result.
 */
export const Lookup = z
  .object({
    noun: z.string().meta({ description: 'What the choices are, in the plural ("teams").' }),
    command: z.string().meta({ description: 'The command that lists them, qualified: <connector>.<key>.' }),
    input: JsonObject.optional().meta({
      description:
        'Its input; strings "{query}" and "{param:name}" stand for the typed text and another parameter.',
    }),
    whenQueryEmpty: z
      .object({ command: z.string(), input: JsonObject.optional(), items: z.string().optional() })
      .optional()
      .meta({ description: 'The request to run instead while nothing is typed.' }),
    needs: z.array(z.string()).optional().meta({ description: 'Parameters to fill first.' }),
    items: z.string().meta({ description: 'Dotted path to the list in the result.' }),
    where: z
      .string()
      .optional()
      .meta({ description: 'Only items with a value at this dotted path are choices.' }),
    value: z.string().meta({ description: 'Dotted path to the value the parameter takes.' }),
    label: templates.meta({
      description: 'Name templates (a dotted path or text with {path}); the first filled wins.',
    }),
    detail: templates.optional().meta({ description: 'Second-line templates, the same way.' }),
    searchesRemotely: z
      .boolean()
      .optional()
      .meta({ description: 'Whether the typed text narrows the search on the provider.' }),
  })
  .register(responseSchemas, { id: 'Lookup' });

/** A command with its JSON Schemas, as `GET /api/commands/:id` describes it. */
export const CommandDetail = CommandSummary.extend({
  inputSchema: JsonSchema,
  outputSchema: JsonSchema.optional().meta({ description: 'Absent when the command declares none.' }),
  lookups: z.record(z.string(), Lookup).meta({ description: 'By parameter; {} when none are declared.' }),
}).register(responseSchemas, { id: 'CommandDetail' });

/** A path parameter naming a command by its qualified id. */
export const CommandParams = z.object({ id: z.string() });

// ---------------------------------------------------------------------------------------------
// Running a command in the request
// ---------------------------------------------------------------------------------------------

const connectionField = z.string().meta({
  title: 'Connection',
  description: "The connection's name; the connector's default connection when absent.",
});
const inputField = JsonObject.meta({ title: 'Input', description: "The command's parameters." });

/** The body of `POST /api/commands/:id/run`. */
export const RunCommandRequest = z
  .strictObject({
    connection: connectionField.optional(),
    input: inputField.optional(),
    // Its rule (1 to 200 printable ASCII characters) is core's, checked with core's message.
    idempotencyKey: z.string().optional().meta({
      title: 'Idempotency key',
      description:
        'Write commands only: a key of your choosing, 1 to 200 printable ASCII characters (a UUID, say). Within 24 hours the same key with the same command, connection and input returns the first result (header Idempotent-Replayed: true) and changes nothing at the provider; with another input it is refused (409). The provider receives it wherever it can deduplicate (as its idempotency key, or an id derived from it).',
    }),
    dryRun: z.boolean().optional().meta({
      title: 'Dry run',
      description:
        'Validate the input and return the requests the run would send (method, URL, headers with credentials masked, body) instead of sending them.',
    }),
  })
  .register(requestSchemas, { id: 'RunRequest' });

/** What a run in the request answers: the command's result, typed by its output schema. */
export const RunCommandResponse = z.object({ result: z.unknown() });

/** A request a dry run would send. */
export const DryRunRequest = z.object({
  method: z.string(),
  url: z.string().meta({ description: 'The full URL, query included.' }),
  headers: z.record(z.string(), z.string()).meta({ description: 'Credentials read [REDACTED].' }),
  body: z.string().optional().meta({ description: 'JSON or form text, credentials masked.' }),
  bodyBytes: z.int().optional().meta({ description: 'The size of a binary body (not shown).' }),
});

/** What a dry run answers (`{ dryRun: true }` in the run body). */
export const DryRunResult = z
  .object({
    dryRun: z.literal(true),
    requests: z
      .array(DryRunRequest)
      .meta({ description: 'The requests the run would send first, in order; nothing was sent.' }),
    note: z.string(),
  })
  .register(responseSchemas, { id: 'DryRun' });

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
// Async runs
// ---------------------------------------------------------------------------------------------

/** The body of `POST /api/runs`. */
export const StartRunRequest = z
  .strictObject({
    command: z.string().min(1).meta({
      title: 'Command',
      description: 'The command id (`<connector>.<key>`), as GET /api/commands lists it.',
    }),
    connection: connectionField.optional(),
    input: inputField.optional(),
    idempotencyKey: z.string().optional().meta({
      title: 'Idempotency key',
      description:
        'Write commands only, as for POST /api/commands/{id}/run. A keyed write whose host dies mid-run is taken up again by another; an unkeyed one ends failed with outcomeUnknown.',
    }),
  })
  .register(requestSchemas, { id: 'StartRunRequest' });

/**
 * The state of an async run: `canceling` while its worker stops after a cancel; `succeeded`,
 * `failed` and `canceled` are ends.
 */
export const RunStatus = z.enum(['queued', 'running', 'canceling', 'succeeded', 'failed', 'canceled']);

/** What `POST /api/runs` answers (202; Location names the run). */
export const RunAccepted = z.object({ id: uuid(), status: z.literal('queued') });

/** What a command reported about its progress (`Progress` of `@c/core`). */
export const RunProgress = z.object({
  message: z.string().optional(),
  current: z.number().optional(),
  total: z.number().optional(),
});

/** An async run as `GET /api/runs/{id}` shows it. */
export const RunView = z
  .object({
    id: uuid(),
    command: z.string(),
    connection: z
      .string()
      .meta({ description: 'The connection the run uses, resolved when it was accepted.' }),
    status: RunStatus,
    progress: RunProgress.nullable().meta({
      description: 'The latest progress the command reported, or null.',
    }),
    result: z.unknown().meta({
      description: "The command's result once succeeded (as the run route answers it), else null.",
    }),
    error: ErrorJson.nullable().meta({
      description:
        'The error once failed, or canceled while a write was running (outcomeUnknown: true when a write may have been applied), else null.',
    }),
    createdAt: timestamp(),
    startedAt: timestamp().nullable(),
    finishedAt: timestamp().nullable(),
  })
  .register(responseSchemas, { id: 'Run' });

/** One event of `GET /api/runs/{id}/events` (its SSE event name is `type`; `data` is the rest). */
export const RunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), id: z.string(), status: RunStatus }),
  z.object({ type: z.literal('progress'), id: z.string(), progress: RunProgress }),
  z.object({
    type: z.literal('end'),
    id: z.string(),
    status: z.enum(['succeeded', 'failed', 'canceled']),
    error: ErrorJson.nullable(),
  }),
]);

/** A path parameter naming a run. */
export const RunParams = z.object({ id: z.string().min(1).max(100) });

/** `GET /api/runs/{id}/result` */
export const RunResultQuery = z.strictObject({
  format: z.enum(['json', 'ndjson']).optional().meta({ description: 'JSON (default) or NDJSON.' }),
  download: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .meta({ description: 'Answer as a file to save (Content-Disposition: attachment).' }),
});

// ---------------------------------------------------------------------------------------------
// Triggers
// ---------------------------------------------------------------------------------------------

/** A trigger as `GET /api/triggers` lists it. */
export const TriggerSummary = z
  .object({
    id: z.string(),
    connector: z.string(),
    key: z.string(),
    title: z.string(),
    description: z.string(),
    kinds: z.array(z.string()),
    inputSchema: JsonSchema,
    outputSchema: JsonSchema,
  })
  .register(responseSchemas, { id: 'Trigger' });

/** The body of `POST /api/subscriptions`. */
export const SubscribeRequest = z
  .strictObject({
    trigger: z.string().min(1).max(200).meta({ description: 'The trigger, e.g. payments.event' }),
    connection: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'The connection (default: the connector’s default)' }),
    input: JsonObject.optional().meta({ description: 'The trigger’s filters' }),
    deliverTo: z.strictObject({ url: z.string().min(1).max(2000) }).optional(),
  })
  .register(requestSchemas, { id: 'SubscribeRequest' });

/** A subscription as every surface shows it: never its provider state or secrets. */
export const SubscriptionView = z
  .object({
    id: z.string(),
    trigger: z.string(),
    connection: z.string(),
    input: JsonObject,
    hookUrl: z.string().optional().meta({ description: 'Where the provider delivers (webhook triggers).' }),
    deliverTo: z.object({ url: z.string() }).optional(),
    status: z.string(),
    error: JsonObject.optional().meta({ description: 'Why it failed, as an error JSON.' }),
    createdAt: timestamp(),
  })
  .register(responseSchemas, { id: 'Subscription' });

/** What `POST /api/subscriptions` answers (201): the secret that signs deliveries is shown this once. */
export const SubscriptionCreated = SubscriptionView.extend({
  deliverSecret: z
    .string()
    .optional()
    .meta({ description: 'Signs each delivery to deliverTo (C-Signature); shown only here.' }),
});

/** One event's delivery to a subscription's `deliverTo.url`. */
export const Delivery = z.object({
  subscription: z.string(),
  seq: z.int(),
  eventId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  lastStatus: z.int().optional().meta({ description: "The last attempt's HTTP status (0: no answer)." }),
  lastError: z.string().optional(),
  nextAttemptAt: z.number().meta({ description: 'Epoch ms of the next attempt, while pending.' }),
  createdAt: timestamp(),
  deliveredAt: timestamp().optional(),
});

/** `GET /api/subscriptions/{id}`: with its deliveries when it delivers to a URL. */
export const SubscriptionDetail = SubscriptionView.extend({ deliveries: z.array(Delivery).optional() });

/** A path parameter naming a subscription. */
export const SubscriptionParams = z.object({ id: z.string() });

/** An event as every surface shows it. */
export const EventView = z
  .object({
    id: z.string().meta({ description: "The provider's stable event id." }),
    trigger: z.string(),
    subscription: z.string(),
    type: z.string(),
    occurredAt: timestamp(),
    receivedAt: timestamp(),
    data: z.unknown(),
  })
  .register(responseSchemas, { id: 'Event' });

/** `GET /api/events` and `GET /api/events/stream` */
export const EventsQuery = z.strictObject({
  subscription: z.string().max(200).optional(),
  after: z.string().max(20).optional().meta({ description: 'A cursor: the nextCursor of a previous page.' }),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/)
    .optional()
    .meta({ description: 'At most this many events (1 to 1000, default 100).' }),
});

/** A page of events, oldest first. */
export const EventsPage = z.object({
  events: z.array(EventView),
  nextCursor: z.string().nullable().meta({ description: 'Pass it as after for the next page.' }),
});

// ---------------------------------------------------------------------------------------------
// Types: what the host sends (responses) and what a client may send (requests)
// ---------------------------------------------------------------------------------------------

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;
export type ErrorJson = z.output<typeof ErrorJson>;
export type ErrorKind = ErrorJson['kind'];
export type ErrorBody = z.output<typeof ErrorBody>;
export type AuthDescriptor = z.output<typeof AuthDescriptor>;
export type ConnectorSummary = z.output<typeof ConnectorSummary>;
export type CommandHints = z.output<typeof CommandHints>;
export type CommandSummary = z.output<typeof CommandSummary>;
export type Lookup = z.output<typeof Lookup>;
export type CommandDetail = z.output<typeof CommandDetail>;
export type RunCommandRequest = z.input<typeof RunCommandRequest>;
export type RunCommandResponse = z.output<typeof RunCommandResponse>;
export type DryRunResult = z.output<typeof DryRunResult>;
export type ConnectionStatus = z.output<typeof ConnectionStatus>;
export type ConnectionView = z.output<typeof ConnectionView>;
export type CreateConnectionRequest = z.input<typeof CreateConnectionRequest>;
export type OAuthMessage = z.output<typeof OAuthMessage>;
export type SessionRequest = z.input<typeof SessionRequest>;
export type HealthResponse = z.output<typeof HealthResponse>;
export type ReadinessResponse = z.output<typeof ReadinessResponse>;
export type AuditEntry = z.output<typeof AuditEntry>;
export type StartRunRequest = z.input<typeof StartRunRequest>;
export type RunStatus = z.output<typeof RunStatus>;
export type RunAccepted = z.output<typeof RunAccepted>;
export type RunProgress = z.output<typeof RunProgress>;
export type RunView = z.output<typeof RunView>;
export type RunEvent = z.output<typeof RunEvent>;
export type TriggerSummary = z.output<typeof TriggerSummary>;
export type SubscribeRequest = z.input<typeof SubscribeRequest>;
export type SubscriptionView = z.output<typeof SubscriptionView>;
export type SubscriptionCreated = z.output<typeof SubscriptionCreated>;
export type Delivery = z.output<typeof Delivery>;
export type SubscriptionDetail = z.output<typeof SubscriptionDetail>;
export type EventView = z.output<typeof EventView>;
export type EventsPage = z.output<typeof EventsPage>;
