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
export const JsonSchema = z.record(z.string(), z.unknown());
/** Any JSON object: a command's input, a connector's options, error details. */
export const JsonObject = z.record(z.string(), z.unknown());
// Formats as annotations, not zod's checks: their JSON Schema would carry a long pattern beside the format.
/** An ISO 8601 time, as every view carries it. */
export const timestamp = () => z.string().meta({ format: 'date-time' });
/** A run's id. */
export const uuid = () => z.string().meta({ format: 'uuid' });

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
    area: z
      .object({
        id: z.string().meta({ description: "The toolset's name in its connector (`refunds`)." }),
        title: z.string().meta({ description: 'A heading in words ("Refunds").' }),
      })
      .optional()
      .meta({
        description:
          "The area the command is listed under (its connector's toolset); absent when the connector declares none.",
      }),
  })
  .register(responseSchemas, { id: 'CommandSummary' });

export const templates = z.array(z.string());

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

export const connectionField = z.string().meta({
  title: 'Connection',
  description: "The connection's name; the connector's default connection when absent.",
});
export const inputField = JsonObject.meta({ title: 'Input', description: "The command's parameters." });

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
    lookup: z.boolean().optional().meta({
      title: 'Lookup',
      description:
        "A read that fills a form's choice list (the web UI's lookups): it runs as any other, and is left out of the run history (GET /api/runs).",
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

// Types: what the host sends (responses) and what a client may send (requests).
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
