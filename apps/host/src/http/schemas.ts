// JSON Schemas of the HTTP API's own bodies: Fastify validates requests with them and the OpenAPI
// document is built from the same objects.
import { ERROR_KINDS } from '@c/core';

const nameSchema = {
  type: 'string',
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$',
  title: 'Name',
  description: 'The connection name (letters, digits, ".", "_", "-").',
} as const;

/** `POST /api/commands/:id/run` */
export const runBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    connection: {
      type: 'string',
      title: 'Connection',
      description: "The connection's name; the connector's default connection when absent.",
    },
    input: { type: 'object', title: 'Input', description: "The command's parameters." },
    idempotencyKey: {
      // Its rule (1 to 200 printable ASCII characters) is core's, checked with core's message.
      type: 'string',
      title: 'Idempotency key',
      description:
        'Write commands only: a key of your choosing, 1 to 200 printable ASCII characters (a UUID, say). Within 24 hours the same key with the same command, connection and input returns the first result (header Idempotent-Replayed: true) and changes nothing at the provider; with another input it is refused (409). The provider receives it wherever it can deduplicate (as its idempotency key, or an id derived from it).',
    },
    dryRun: {
      type: 'boolean',
      title: 'Dry run',
      description:
        'Validate the input and return the requests the run would send (method, URL, headers with credentials masked, body) instead of sending them.',
    },
  },
} as const;

/** What a dry run answers (`{ dryRun: true }` in the run body). */
export const dryRunResult = {
  type: 'object',
  required: ['dryRun', 'requests', 'note'],
  properties: {
    dryRun: { type: 'boolean', const: true },
    requests: {
      type: 'array',
      description: 'The requests the run would send first, in order; nothing was sent.',
      items: {
        type: 'object',
        required: ['method', 'url', 'headers'],
        properties: {
          method: { type: 'string' },
          url: { type: 'string', description: 'The full URL, query included.' },
          headers: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'Credentials read [REDACTED].',
          },
          body: { type: 'string', description: 'JSON or form text, credentials masked.' },
          bodyBytes: { type: 'integer', description: 'The size of a binary body (not shown).' },
        },
      },
    },
    note: { type: 'string' },
  },
} as const;

/** `POST /api/connections` */
export const connectionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'connector', 'credentials'],
  properties: {
    name: nameSchema,
    connector: {
      type: 'string',
      title: 'Connector',
      description: 'The connector id, as `GET /api/connectors` lists them.',
    },
    credentials: {
      type: 'object',
      title: 'Credentials',
      description: "The connector's credentials (write-only: responses show masked hints).",
    },
    options: { type: 'object', title: 'Options', description: 'Base URLs, region, API version.' },
    isDefault: { type: 'boolean', title: 'Default', description: "Make it the connector's default." },
  },
} as const;

/** `POST /api/session` */
export const sessionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: { type: 'string', minLength: 1, title: 'Access token', description: 'The host token.' },
  },
} as const;

// Query strings: a repeated key (`?state=a&state=b`) arrives as an array, which these refuse before
// a handler could mistake it for a string.

/** `GET /auth` */
export const authQuery = {
  type: 'object',
  properties: { token: { type: 'string' }, next: { type: 'string' } },
} as const;

/** `GET /api/oauth/:connector/start` */
export const oauthStartQuery = {
  type: 'object',
  properties: { connection: { type: 'string' } },
} as const;

/** `GET /api/oauth/callback` (providers may add more parameters, such as `scope`). */
export const oauthCallbackQuery = {
  type: 'object',
  properties: { code: { type: 'string' }, state: { type: 'string' }, error: { type: 'string' } },
} as const;

/** The error body of every failing call. */
export const errorBody = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['name', 'kind', 'message', 'retryable'],
      properties: {
        name: { type: 'string' },
        kind: {
          type: 'string',
          enum: [...ERROR_KINDS],
        },
        message: { type: 'string' },
        retryable: { type: 'boolean' },
        status: { type: 'integer' },
        parameter: { type: 'string' },
        providerMessage: { type: 'string' },
        providerCode: { type: 'string' },
        requestId: { type: 'string' },
        retryAfterMs: { type: 'number' },
        needsReconnect: { type: 'boolean' },
        details: { type: 'object' },
      },
    },
  },
} as const;

/** A connection as the API shows it. */
export const connectionView = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    connector: { type: 'string' },
    isDefault: { type: 'boolean' },
    sandbox: { type: 'boolean' },
    status: {
      type: 'string',
      enum: ['ok', 'needs_reconnect', 'unreadable', 'check_failed', 'sandbox_stopped'],
    },
    statusMessage: { type: 'string' },
    credentialHints: { type: 'object', additionalProperties: { type: 'string' } },
    options: { type: 'object' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** A command as `GET /api/commands` lists it. */
export const commandSummary = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    connector: { type: 'string' },
    key: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    toolName: { type: 'string' },
    annotations: {
      type: 'object',
      properties: {
        readOnly: { type: 'boolean' },
        destructive: { type: 'boolean' },
        idempotent: { type: 'boolean' },
      },
    },
  },
} as const;

const templates = { type: 'array', items: { type: 'string' } } as const;

/** How a parameter's choices are found: `Lookup` of `@c/core`, its commands qualified. */
export const lookup = {
  type: 'object',
  required: ['noun', 'command', 'items', 'value', 'label'],
  properties: {
    noun: { type: 'string', description: 'What the choices are, in the plural ("teams").' },
    command: { type: 'string', description: 'The command that lists them, qualified: <connector>.<key>.' },
    input: {
      type: 'object',
      description:
        'Its input; strings "{query}" and "{param:name}" stand for the typed text and another parameter.',
    },
    whenQueryEmpty: {
      type: 'object',
      description: 'The request to run instead while nothing is typed.',
      properties: { command: { type: 'string' }, input: { type: 'object' }, items: { type: 'string' } },
    },
    needs: { type: 'array', items: { type: 'string' }, description: 'Parameters to fill first.' },
    items: { type: 'string', description: 'Dotted path to the list in the result.' },
    where: { type: 'string', description: 'Only items with a value at this dotted path are choices.' },
    value: { type: 'string', description: 'Dotted path to the value the parameter takes.' },
    label: {
      ...templates,
      description: 'Name templates (a dotted path or text with {path}); the first filled wins.',
    },
    detail: { ...templates, description: 'Second-line templates, the same way.' },
    searchesRemotely: {
      type: 'boolean',
      description: 'Whether the typed text narrows the search on the provider.',
    },
  },
} as const;

/** A command as `GET /api/commands/:id` describes it. */
export const commandDetail = {
  type: 'object',
  properties: {
    ...commandSummary.properties,
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object' },
    lookups: { type: 'object', additionalProperties: lookup, description: 'By parameter.' },
  },
} as const;

/** A connector as `GET /api/connectors` lists it. */
export const connectorSummary = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    auth: { type: 'object' },
    credentialsSchema: { type: 'object' },
    optionsSchema: { type: 'object' },
    oauthConfigured: { type: 'boolean' },
  },
} as const;
