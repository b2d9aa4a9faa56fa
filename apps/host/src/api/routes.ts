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

/** A route of the HTTP API: what Fastify validates and what the OpenAPI document says of it. */
export interface ApiRoute {
  /** Fastify's form of the path (`/api/runs/:id`). */
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
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

function route<const K extends string>(key: K, spec: Omit<ApiRoute, 'url' | 'method'>) {
  const [method, url] = key.split(' ') as [ApiRoute['method'], string];
  const withErrors = spec.public
    ? spec.responses
    : { ...spec.responses, default: spec.responses.default ?? errors };
  return [key, { ...spec, method, url, responses: withErrors }] as const;
}

const ROUTES = [
  route('GET /api/health', {
    summary: 'Health',
    public: true,
    responses: { 200: { description: 'The host is up.', body: api.HealthResponse } },
  }),
  route('GET /api/ready', {
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
    summary: 'List connectors',
    responses: { 200: { description: 'Connectors', body: z.array(api.ConnectorSummary) } },
  }),
  route('GET /api/commands', {
    summary: 'List commands',
    responses: { 200: { description: 'Commands', body: z.array(api.CommandSummary) } },
  }),
  route('GET /api/commands/:id', {
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
    summary: 'List connections',
    responses: { 200: { description: 'Connections', body: z.array(api.ConnectionView) } },
  }),
  route('POST /api/connections', {
    summary: 'Add a connection (credentials are checked first, then stored encrypted)',
    body: api.CreateConnectionRequest,
    responses: { 201: { description: 'Created', body: api.ConnectionView } },
  }),
  route('DELETE /api/connections/:name', {
    summary: 'Remove a connection',
    params: api.ConnectionParams,
    responses: { 204: { description: 'Removed' } },
  }),
  route('POST /api/connections/:name/test', {
    summary: 'Test a connection',
    params: api.ConnectionParams,
    responses: { 200: { description: 'It works', body: api.ConnectionView } },
  }),
  route('POST /api/connections/:name/default', {
    summary: "Make a connection its connector's default",
    params: api.ConnectionParams,
    responses: { 200: { description: 'Done', body: api.ConnectionView } },
  }),
  route('GET /api/sandbox', {
    summary: "The sandbox's base URLs, keys and environment variables",
    description:
      'Each simulator of the sandbox with its base URL, its sandbox connection and the environment variables a program reads (`c-host sandbox env` prints them as export lines). Sandbox keys are not secrets; a real connection never appears here. Empty until `c-host serve --sandbox` has run on this data directory.',
    responses: { 200: { description: 'The sandbox', body: api.SandboxView } },
  }),
  route('GET /api/oauth/:connector/start', {
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
    summary: "The provider's redirect back (an HTML page that tells its opener)",
    public: true,
    query: api.OAuthCallbackQuery,
    responses: {
      200: { description: 'Connected', media: html },
      400: { description: 'Refused', media: html },
    },
  }),
  route('POST /api/session', {
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
    summary: 'Sign out',
    public: true,
    responses: { 204: { description: 'Signed out' } },
  }),
  route('GET /auth', {
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
    summary: 'This document',
    responses: { 200: { description: 'OpenAPI 3.1', body: z.record(z.string(), z.unknown()) } },
  }),
  route('GET /api/audit', {
    summary: 'The audit log, newest first',
    query: api.AuditQuery,
    responses: { 200: { description: 'Audit entries', body: z.array(api.AuditEntry) } },
  }),
  route('GET /metrics', {
    summary: 'Metrics (Prometheus text)',
    responses: { 200: { description: 'Prometheus exposition format', media: { 'text/plain': z.string() } } },
  }),
  route('POST /api/runs', {
    summary: 'Start an async run',
    description:
      'Checks the command, input, key and connection as a run in the request would, then runs the command in the background and answers at once. The run goes on whatever happens to this request.',
    body: api.StartRunRequest,
    responses: {
      202: { description: 'Accepted; Location names the run.', body: api.RunAccepted },
      default: runErrors,
    },
  }),
  route('GET /api/runs/:id', {
    summary: 'Get an async run',
    params: api.RunParams,
    responses: { 200: { description: 'The run', body: api.RunView }, default: runErrors },
  }),
  route('GET /api/runs/:id/events', {
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
    summary: 'List triggers',
    responses: { 200: { description: 'Triggers', body: z.array(api.TriggerSummary) } },
  }),
  route('POST /api/subscriptions', {
    summary: 'Subscribe to a trigger',
    body: api.SubscribeRequest,
    responses: { 201: { description: 'Subscribed', body: api.SubscriptionCreated } },
  }),
  route('GET /api/subscriptions', {
    summary: 'List subscriptions',
    responses: { 200: { description: 'Subscriptions', body: z.array(api.SubscriptionView) } },
  }),
  route('GET /api/subscriptions/:id', {
    summary: 'Get a subscription (with its deliveries when it delivers to a URL)',
    params: api.SubscriptionParams,
    responses: { 200: { description: 'The subscription', body: api.SubscriptionDetail } },
  }),
  route('DELETE /api/subscriptions/:id', {
    summary: 'Unsubscribe (the provider side is removed too)',
    params: api.SubscriptionParams,
    responses: { 204: { description: 'Removed' } },
  }),
  route('GET /api/events', {
    summary: 'Events received, oldest first, after a cursor',
    query: api.EventsQuery,
    responses: { 200: { description: 'A page of events', body: api.EventsPage } },
  }),
  route('GET /api/events/stream', {
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
