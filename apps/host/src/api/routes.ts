import { z } from 'zod';
import * as api from './schemas.js';

/** One answer of a route: what it means and, for JSON, its body; other media types by name. */
export interface ApiResponse {
  description: string;
  /** The JSON body; absent for an empty answer, a redirect or a page. */
  body?: z.ZodType;
  /** Bodies that are not JSON (`text/event-stream`, `text/html`), with an optional schema each. */
  media?: Record<string, z.ZodType | undefined>;
  /** Response headers worth documenting, by name. */
  headers?: Record<string, { description: string; schema: z.ZodType }>;
}

/**
 * The areas of the host's own routes, each a section of the API reference (the commands' run
 * paths are sectioned by connector and area apart from these).
 */
export const API_TAGS = {
  Catalogue: 'The connectors and their commands, each with its input and output schemas.',
  Connections: "The accounts commands run on, and the sandbox's addresses and keys.",
  'Async runs':
    'The run history of every surface, and runs that go on in the background: start, follow, cancel, download the result.',
  Triggers: 'Subscriptions to provider events and the events received.',
  'Sign-in and OAuth': 'Sessions for the web UI and OAuth Connect with providers.',
  Operations: 'Health, readiness, metrics, the audit log and this document.',
} as const;

/** An area of the host's own routes. */
export type ApiTag = keyof typeof API_TAGS;

/** A route of the HTTP API: what Fastify validates and what the OpenAPI document says of it. */
export interface ApiRoute {
  /** Fastify's form of the path (`/api/runs/:id`). */
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The operation's id in the OpenAPI document: unique, a verb first (`listConnections`). */
  operationId: string;
  /** Its area: the reference's section (`API_TAGS`). */
  tag: ApiTag;
  summary: string;
  description?: string;
  /** Reached without the token or a session. */
  public?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** By status code, or `default` for the error of every failing call. */
  responses: Record<string, ApiResponse>;
}

const errors: ApiResponse = { description: 'The error as JSON (status by kind).', body: api.ErrorBody };
const html = { 'text/html': undefined };
const runErrors: ApiResponse = {
  description: 'The error as JSON (status by kind; 404 for an unknown run).',
  body: api.ErrorBody,
};

/** What every route behind the host's access check may answer (`sendUnauthorized`). */
const unauthorized: ApiResponse = {
  description:
    'No access token (`Authorization: Bearer`) and no session, or a wrong one: the error as JSON, with `WWW-Authenticate`.',
  body: api.ErrorBody,
};

function route<const K extends string>(key: K, spec: Omit<ApiRoute, 'url' | 'method'>) {
  const [method, url] = key.split(' ') as [ApiRoute['method'], string];
  const withErrors = spec.public
    ? spec.responses
    : {
        ...spec.responses,
        401: spec.responses[401] ?? unauthorized,
        default: spec.responses.default ?? errors,
      };
  return [key, { ...spec, method, url, responses: withErrors }] as const;
}

const ROUTES = [
  route('GET /api/health', {
    operationId: 'getHealth',
    tag: 'Operations',
    summary: 'Health',
    public: true,
    responses: { 200: { description: 'The host is up.', body: api.HealthResponse } },
  }),
  route('GET /api/ready', {
    operationId: 'getReadiness',
    tag: 'Operations',
    summary: 'Readiness',
    description:
      'Whether the store can serve: its database answers and its schema is migrated (503 when not).',
    public: true,
    responses: {
      200: { description: 'The host can serve requests.', body: api.ReadinessResponse },
      503: {
        description: 'The store cannot serve now (the database does not answer, or migrations are pending).',
        body: api.ReadinessResponse,
      },
    },
  }),
  route('GET /api/connectors', {
    operationId: 'listConnectors',
    tag: 'Catalogue',
    summary: 'List connectors',
    responses: { 200: { description: 'Connectors', body: z.array(api.ConnectorSummary) } },
  }),
  route('GET /api/commands', {
    operationId: 'listCommands',
    tag: 'Catalogue',
    summary: 'List commands',
    responses: { 200: { description: 'Commands', body: z.array(api.CommandSummary) } },
  }),
  route('GET /api/commands/:id', {
    operationId: 'describeCommand',
    tag: 'Catalogue',
    summary: 'Describe a command',
    params: api.CommandParams,
    responses: {
      200: {
        description: 'The command with its input and output JSON Schemas and its lookups',
        body: api.CommandDetail,
      },
    },
  }),
  route('POST /api/commands/:id/run', {
    operationId: 'runCommand',
    tag: 'Catalogue',
    summary: 'Run a command',
    params: api.CommandParams,
    body: api.RunCommandRequest,
    responses: {
      200: {
        description:
          "The command's result, typed by its output schema; with `dryRun`, the requests it would send.",
        body: z.union([api.RunCommandResponse, api.DryRunResult]),
        headers: {
          'Idempotent-Replayed': {
            description:
              'true when the idempotency key was used before for this same call: the result is the first one, and nothing was sent.',
            schema: z.enum(['true']),
          },
        },
      },
    },
  }),
  route('GET /api/connections', {
    operationId: 'listConnections',
    tag: 'Connections',
    summary: 'List connections',
    responses: { 200: { description: 'Connections', body: z.array(api.ConnectionView) } },
  }),
  route('POST /api/connections', {
    operationId: 'createConnection',
    tag: 'Connections',
    summary: 'Add a connection (credentials are checked first, then stored encrypted)',
    body: api.CreateConnectionRequest,
    responses: { 201: { description: 'Created', body: api.ConnectionView } },
  }),
  route('DELETE /api/connections/:name', {
    operationId: 'removeConnection',
    tag: 'Connections',
    summary: 'Remove a connection',
    params: api.ConnectionParams,
    responses: { 204: { description: 'Removed' } },
  }),
  route('POST /api/connections/:name/test', {
    operationId: 'testConnection',
    tag: 'Connections',
    summary: 'Test a connection',
    params: api.ConnectionParams,
    responses: { 200: { description: 'It works', body: api.ConnectionView } },
  }),
  route('POST /api/connections/:name/default', {
    operationId: 'makeDefaultConnection',
    tag: 'Connections',
    summary: "Make a connection its connector's default",
    params: api.ConnectionParams,
    responses: { 200: { description: 'Done', body: api.ConnectionView } },
  }),
  route('GET /api/sandbox', {
    operationId: 'getSandbox',
    tag: 'Connections',
    summary: "The sandbox's base URLs, keys and environment variables",
    description:
      'Each simulator of the sandbox with its base URL, its sandbox connection and the environment variables a program reads (`c-host sandbox env` prints them as export lines). Sandbox keys are not secrets; a real connection never appears here. Empty until `c-host serve --sandbox` has run on this data directory.',
    responses: { 200: { description: 'The sandbox', body: api.SandboxView } },
  }),
  route('GET /api/oauth/:connector/start', {
    operationId: 'startOAuth',
    tag: 'Sign-in and OAuth',
    summary: 'Start Connect or Reconnect (redirects to the provider)',
    params: api.OAuthStartParams,
    query: api.OAuthStartQuery,
    responses: {
      302: { description: "To the provider's authorization page" },
      400: {
        description: 'Refused; a browser (Accept: text/html) gets the page that tells its opener',
        media: html,
      },
    },
  }),
  route('GET /api/oauth/callback', {
    operationId: 'oauthCallback',
    tag: 'Sign-in and OAuth',
    summary: "The provider's redirect back (an HTML page that tells its opener)",
    public: true,
    query: api.OAuthCallbackQuery,
    responses: {
      200: { description: 'Connected', media: html },
      400: { description: 'Refused', media: html },
    },
  }),
  route('POST /api/session', {
    operationId: 'signIn',
    tag: 'Sign-in and OAuth',
    summary: 'Sign in with the access token (sets an HttpOnly session cookie)',
    public: true,
    body: api.SessionRequest,
    responses: {
      200: { description: 'Signed in', body: api.SessionResponse },
      401: { description: 'Wrong access token', body: api.ErrorBody },
      429: { description: 'Too many wrong tokens from this address', body: api.ErrorBody },
    },
  }),
  route('DELETE /api/session', {
    operationId: 'signOut',
    tag: 'Sign-in and OAuth',
    summary: 'Sign out',
    public: true,
    responses: { 204: { description: 'Signed out' } },
  }),
  route('GET /auth', {
    operationId: 'signInWithLink',
    tag: 'Sign-in and OAuth',
    summary: 'Sign in with a one-time link (`c-host link`), then go to `next`',
    public: true,
    query: api.AuthQuery,
    responses: {
      302: { description: 'Signed in (session cookie set); to `next` when it is a path of this host' },
      401: { description: 'The link no longer works', media: html },
      429: { description: 'Too many unknown links from this address', media: html },
    },
  }),
  route('GET /api/openapi.json', {
    operationId: 'getOpenApi',
    tag: 'Operations',
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1', body: z.record(z.string(), z.unknown()) } },
  }),
  route('GET /api/audit', {
    operationId: 'listAudit',
    tag: 'Operations',
    summary: 'The audit log, newest first',
    query: api.AuditQuery,
    responses: { 200: { description: 'Audit entries', body: z.array(api.AuditEntry) } },
  }),
  route('GET /metrics', {
    operationId: 'getMetrics',
    tag: 'Operations',
    summary: 'Metrics (Prometheus text)',
    responses: { 200: { description: 'Prometheus exposition format', media: { 'text/plain': z.string() } } },
  }),
  route('POST /api/runs', {
    operationId: 'startRun',
    tag: 'Async runs',
    summary: 'Start an async run',
    description:
      'Checks the command, input, key and connection as a run in the request would, then runs the command in the background and answers at once. The run goes on whatever happens to this request.',
    body: api.StartRunRequest,
    responses: {
      202: { description: 'Accepted; Location names the run.', body: api.RunAccepted },
      default: runErrors,
    },
  }),
  route('GET /api/runs', {
    operationId: 'listRuns',
    tag: 'Async runs',
    summary: 'Run history: every run of every surface, newest first',
    description:
      'Runs from the web UI, the CLI, MCP, the API and async workers, kept 30 days, without inputs or results; async runs still queued or running come first. Filter by command, connection, surface and status; page with cursor.',
    query: api.RunHistoryQuery,
    responses: { 200: { description: 'A page of runs', body: api.RunHistoryPage }, default: runErrors },
  }),
  route('GET /api/runs/:id', {
    operationId: 'getRun',
    tag: 'Async runs',
    summary: 'Get an async run',
    params: api.RunParams,
    responses: { 200: { description: 'The run', body: api.RunView }, default: runErrors },
  }),
  route('GET /api/runs/:id/events', {
    operationId: 'followRun',
    tag: 'Async runs',
    summary: 'Follow an async run (Server-Sent Events)',
    description:
      'Events `status` ({id, status}) first and on each change, `progress` ({id, progress}) as the command reports it, and `end` ({id, status, error}) last; a comment every 15 s keeps the stream open.',
    params: api.RunParams,
    responses: {
      200: { description: 'The event stream', media: { 'text/event-stream': z.string() } },
      default: runErrors,
    },
  }),
  route('POST /api/runs/:id/cancel', {
    operationId: 'cancelRun',
    tag: 'Async runs',
    summary: 'Cancel an async run',
    description:
      'A queued run ends canceled at once and is never sent. A running one becomes canceling: its worker cuts off the call in flight and ends it canceled, within 10 s wherever it runs (with outcomeUnknown when a write may have been applied). The run stays readable. Canceling again is harmless; 409 when it already succeeded or failed.',
    params: api.RunParams,
    responses: {
      200: { description: 'Canceled (it was queued, or already canceled)', body: api.RunView },
      202: { description: 'Canceling: its worker is stopping it', body: api.RunView },
      default: runErrors,
    },
  }),
  route('GET /api/runs/:id/result', {
    operationId: 'getRunResult',
    tag: 'Async runs',
    summary: "Download a succeeded run's result",
    description:
      'The result as JSON, or its list as NDJSON (one item per line; a result without a list is one line). 409 while the run has no result.',
    params: api.RunParams,
    query: api.RunResultQuery,
    responses: {
      200: {
        description: 'The result',
        media: { 'application/json': z.unknown(), 'application/x-ndjson': z.string() },
      },
      default: runErrors,
    },
  }),
  route('GET /api/triggers', {
    operationId: 'listTriggers',
    tag: 'Triggers',
    summary: 'List triggers',
    responses: { 200: { description: 'Triggers', body: z.array(api.TriggerSummary) } },
  }),
  route('POST /api/subscriptions', {
    operationId: 'subscribe',
    tag: 'Triggers',
    summary: 'Subscribe to a trigger',
    body: api.SubscribeRequest,
    responses: { 201: { description: 'Subscribed', body: api.SubscriptionCreated } },
  }),
  route('GET /api/subscriptions', {
    operationId: 'listSubscriptions',
    tag: 'Triggers',
    summary: 'List subscriptions',
    responses: { 200: { description: 'Subscriptions', body: z.array(api.SubscriptionView) } },
  }),
  route('GET /api/subscriptions/:id', {
    operationId: 'getTriggerSubscription',
    tag: 'Triggers',
    summary: 'Get a subscription (with its deliveries when it delivers to a URL)',
    params: api.SubscriptionParams,
    responses: { 200: { description: 'The subscription', body: api.SubscriptionDetail } },
  }),
  route('DELETE /api/subscriptions/:id', {
    operationId: 'unsubscribe',
    tag: 'Triggers',
    summary: 'Unsubscribe (the provider side is removed too)',
    params: api.SubscriptionParams,
    responses: { 204: { description: 'Removed' } },
  }),
  route('GET /api/events', {
    operationId: 'listTriggerEvents',
    tag: 'Triggers',
    summary: 'Events received, oldest first, after a cursor',
    query: api.EventsQuery,
    responses: { 200: { description: 'A page of events', body: api.EventsPage } },
  }),
  route('GET /api/events/stream', {
    operationId: 'followTriggerEvents',
    tag: 'Triggers',
    summary: 'Follow events (Server-Sent Events; Last-Event-ID or `after` resumes)',
    query: api.EventsQuery,
    responses: {
      200: {
        description: 'Each event as `event: event`, its seq as the id',
        media: { 'text/event-stream': z.string() },
      },
    },
  }),
] as const;

/** The key of a route in `API_ROUTES`: `METHOD url`, as Fastify's route table writes it. */
export type ApiRouteKey = (typeof ROUTES)[number][0];

/**
 * Every route of the HTTP API, by `METHOD url`. The route files take their request schemas from here
 * (`routeSchema` of `../http/schemas.ts`) and the OpenAPI document is built from it, so neither can say
 * something the other does not; `POST /api/commands/:id/run` is documented once per command.
 */
export const API_ROUTES: Readonly<Record<ApiRouteKey, ApiRoute>> = Object.fromEntries(ROUTES) as Record<
  ApiRouteKey,
  ApiRoute
>;
