// Each connector against its own simulator, described the same way so one fault matrix can drive all
// four: one read and one write command, how to count what a write left in the simulator, which calls
// are the command's own (not the token endpoint), and the provider's own error bodies for a fault.
import { analytics } from '@c/analytics';
import { createAmplitudeHandlers, startAnalyticsSimulator } from '@c/analytics/testing';
import type { ConnectorClient } from '@c/core';
import type { Fault, RecordedCall, TestServer } from '@c/core/testing';
import { docs } from '@c/docs';
import { createDocsHandlers, startDocsSimulator } from '@c/docs/testing';
import { issues } from '@c/issues';
import {
  authenticationErrorBody,
  graphqlHandler,
  internalErrorBody,
  LINEAR_SEED,
  rateLimitedBody,
  startIssuesSimulator,
} from '@c/issues/testing';
import { payments } from '@c/payments';
import { createStripeHandlers, startPaymentsSimulator } from '@c/payments/testing';
import type { RequestHandler } from 'msw';

/** An untyped client: the matrix dispatches commands by name. */
export type AnyClient = ConnectorClient<Record<string, never>>;

/** One command the matrix runs under every fault. */
export interface Operation {
  command: string;
  kind: 'read' | 'write';
  /**
   * Core may repeat it after a failure whose outcome is unknown: reads, and writes made safe by an
   * idempotency key (Stripe) or by deduplication on the provider's side (Amplitude's insert_id).
   */
  safe: boolean;
  /** The input, marked with `tag` so that what the write left behind can be counted. */
  input(tag: string): unknown;
  /** How many times the write tagged `tag` took effect in the simulator (a read: always 0). */
  effects(tag: string): number;
  /** Effects of one successful run (1, or the number of events sent). */
  expectedEffects: number;
  /** True for the calls this command makes (not the OAuth token endpoint). */
  isCall(call: RecordedCall): boolean;
}

/** How a connection is made for one cell. */
export type ConnectVariant =
  /** The simulator's own working credentials (a fresh OAuth grant for OAuth connectors). */
  | 'valid'
  /** OAuth: a valid grant whose access token has already expired: refreshed before the first call. */
  | 'expired'
  /** OAuth: an expired access token whose grant was revoked: the refresh is refused. */
  | 'revoked';

/** A connector and its running simulator, as the matrix sees them. */
export interface FaultSubject {
  id: string;
  server: TestServer;
  /** The simulator's handlers over its live state, for faults that wrap a real answer. */
  handlers: RequestHandler[];
  /** OAuth connectors refresh their token; API-key ones cannot. */
  oauth: boolean;
  read: Operation;
  write: Operation;
  connect(variant?: ConnectVariant): AnyClient;
  /** The provider's rate-limit refusal (429), with `Retry-After` in seconds when given. */
  rateLimited(op: Operation, retryAfterSeconds?: number): Fault;
  /** The provider's server error body with this status. */
  serverError(op: Operation, status: 500 | 502 | 503 | 504): Fault;
  /** The provider's refusal of a credential it no longer accepts (a 401, or Amplitude ingestion's 400). */
  unauthorized(op: Operation): Fault;
  close(): Promise<void>;
}

const json = { 'content-type': 'application/json' };

function statusFault(
  op: Operation,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Fault {
  return {
    type: 'status',
    status,
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
    match: op.isCall,
  };
}

const retryAfter = (seconds?: number): Record<string, string> =>
  seconds === undefined ? {} : { 'retry-after': String(seconds) };

/** Stripe: getCustomers and createCustomer (every POST carries an Idempotency-Key). */
async function paymentsSubject(): Promise<FaultSubject> {
  const sim = await startPaymentsSimulator({ seed: true });
  const customersNamed = (tag: string) => sim.state.customers.list().filter((c) => c.name === tag).length;
  const read: Operation = {
    command: 'getCustomers',
    kind: 'read',
    safe: true,
    input: () => ({ limit: 3 }),
    effects: () => 0,
    expectedEffects: 0,
    isCall: (call) => call.method === 'GET' && call.path === '/v1/customers',
  };
  const write: Operation = {
    command: 'createCustomer',
    kind: 'write',
    safe: true,
    input: (tag) => ({ name: tag, email: 'matrix@example.com' }),
    effects: customersNamed,
    expectedEffects: 1,
    isCall: (call) => call.method === 'POST' && call.path === '/v1/customers',
  };
  const stripeError = (type: string, message: string, code?: string) => ({
    error: { type, message, ...(code ? { code } : {}) },
  });
  return {
    id: 'payments',
    server: sim.server,
    handlers: createStripeHandlers({
      state: sim.state,
      apiKeys: [sim.connection.credentials.apiKey],
      contract: sim.contract,
    }),
    oauth: false,
    read,
    write,
    connect: () =>
      payments.connect({
        credentials: sim.connection.credentials,
        ...sim.connection.options,
      }) as unknown as AnyClient,
    rateLimited: (op, seconds) =>
      statusFault(
        op,
        429,
        stripeError('invalid_request_error', 'Request rate limit exceeded.', 'rate_limit'),
        retryAfter(seconds),
      ),
    serverError: (op, status) =>
      statusFault(op, status, stripeError('api_error', 'An unknown error occurred')),
    unauthorized: (op) =>
      statusFault(op, 401, stripeError('invalid_request_error', 'Invalid API Key provided')),
    close: () => sim.close(),
  };
}

/** Amplitude: activeAndNewUserCounts (dashboard API) and sendEvents (ingestion, deduplicated by insert_id). */
async function analyticsSubject(): Promise<FaultSubject> {
  const sim = await startAnalyticsSimulator({ seed: true });
  const events = 3;
  const stored = (tag: string) => sim.state.events.filter((e) => e.event.event_type === tag).length;
  const read: Operation = {
    command: 'activeAndNewUserCounts',
    kind: 'read',
    safe: true,
    input: () => ({ start: '20260101', end: '20260107' }),
    effects: () => 0,
    expectedEffects: 0,
    isCall: (call) => call.method === 'GET' && call.path === '/api/2/users',
  };
  const write: Operation = {
    command: 'sendEvents',
    kind: 'write',
    safe: true,
    input: (tag) => ({
      events: Array.from({ length: events }, (_, i) => ({
        event_type: tag,
        user_id: `matrix-user-${tag}-${i}`,
        event_properties: { i },
      })),
    }),
    effects: stored,
    expectedEffects: events,
    isCall: (call) => call.method === 'POST' && call.path === '/2/httpapi',
  };
  const isIngestion = (op: Operation) => op === write;
  return {
    id: 'analytics',
    server: sim.server,
    handlers: createAmplitudeHandlers(sim.state),
    oauth: false,
    read,
    write,
    connect: () =>
      analytics.connect({
        credentials: sim.connection.credentials,
        ...sim.connection.options,
      }) as unknown as AnyClient,
    rateLimited: (op, seconds) =>
      isIngestion(op)
        ? statusFault(
            op,
            429,
            { code: 429, error: 'Too many requests for some devices and users', eps_threshold: 30 },
            retryAfter(seconds),
          )
        : statusFault(op, 429, { error: 'Too many requests' }, retryAfter(seconds)),
    serverError: (op, status) =>
      statusFault(
        op,
        status,
        isIngestion(op) ? { code: status, error: 'Internal server error' } : { error: 'Internal error' },
      ),
    // The ingestion API takes the key in the body and refuses a wrong one with a 400.
    unauthorized: (op) =>
      isIngestion(op)
        ? statusFault(op, 400, { code: 400, error: 'Invalid API key' })
        : statusFault(op, 401, { error: 'Invalid API key or secret key' }),
    close: () => sim.close(),
  };
}

/** Linear: searchIssues (a query, idempotent) and createIssue (a mutation: never repeated blindly). */
async function issuesSubject(): Promise<FaultSubject> {
  const sim = await startIssuesSimulator({ seed: true });
  const issuesTitled = (tag: string) =>
    [...sim.workspace.issues.values()].filter((i) => i.title === tag).length;
  const operationIs = (name: string) => (call: RecordedCall) =>
    call.method === 'POST' &&
    call.path === '/graphql' &&
    typeof (call.bodyJson as { query?: unknown } | undefined)?.query === 'string' &&
    (call.bodyJson as { query: string }).query.includes(name);
  const read: Operation = {
    command: 'searchIssues',
    kind: 'read',
    safe: true,
    input: () => ({ filter: { team: { id: { eq: LINEAR_SEED.teams.eng.id } } }, limit: 5 }),
    effects: () => 0,
    expectedEffects: 0,
    isCall: operationIs('issues('),
  };
  const write: Operation = {
    command: 'createIssue',
    kind: 'write',
    safe: false,
    input: (tag) => ({ teamId: LINEAR_SEED.teams.eng.id, title: tag, priority: 3 }),
    effects: issuesTitled,
    expectedEffects: 1,
    isCall: operationIs('issueCreate('),
  };
  const grant = (variant: ConnectVariant) => {
    const issued = sim.state.oauth.issueGrant({
      clientId: sim.oauth.clientId,
      userId: sim.viewerId,
      scopes: sim.oauth.scopes,
    });
    if (variant === 'revoked') sim.state.oauth.revoke(issued.refreshToken);
    const expired = variant === 'expired' || variant === 'revoked';
    return {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: expired ? Date.now() - 60_000 : issued.accessExpiresAt,
      clientId: sim.oauth.clientId,
      clientSecret: sim.oauth.clientSecret,
    };
  };
  return {
    id: 'issues',
    server: sim.server,
    handlers: [graphqlHandler(sim.state), ...sim.state.oauth.handlers()],
    oauth: true,
    read,
    write,
    connect: (variant = 'valid') =>
      issues.connect({ credentials: grant(variant), ...sim.connection.options }) as unknown as AnyClient,
    rateLimited: (op, seconds) => statusFault(op, 429, rateLimitedBody('requests'), retryAfter(seconds)),
    serverError: (op, status) => statusFault(op, status, internalErrorBody()),
    unauthorized: (op) => statusFault(op, 401, authenticationErrorBody()),
    close: () => sim.close(),
  };
}

/** Google Docs: fetchDocumentContent and updateDocumentContent (batchUpdate has no idempotency key). */
async function docsSubject(): Promise<FaultSubject> {
  const sim = await startDocsSimulator({ seed: true });
  const documentId = sim.seeded!.meetingNotesId;
  const file = sim.state.files.get(documentId)!;
  // Each write inserts its tag; a tag's revisions are counted from the document's history.
  const revisionsBefore = new Map<string, number>();
  const read: Operation = {
    command: 'fetchDocumentContent',
    kind: 'read',
    safe: true,
    input: () => ({ documentId }),
    effects: () => 0,
    expectedEffects: 0,
    isCall: (call) => call.method === 'GET' && call.path === `/v1/documents/${documentId}`,
  };
  const write: Operation = {
    command: 'updateDocumentContent',
    kind: 'write',
    safe: false,
    input: (tag) => {
      revisionsBefore.set(tag, file.revisions.length);
      return { documentId, requests: [{ insertText: { location: { index: 1 }, text: `${tag}\n` } }] };
    },
    effects: (tag) => file.revisions.length - (revisionsBefore.get(tag) ?? file.revisions.length),
    expectedEffects: 1,
    isCall: (call) => call.method === 'POST' && call.path === `/v1/documents/${documentId}:batchUpdate`,
  };
  const tokens = (variant: ConnectVariant) => {
    const issued = sim.state.issueTokens({ clientId: sim.oauth.clientId });
    if (variant === 'revoked') sim.state.revoke(issued.refreshToken);
    const expired = variant === 'expired' || variant === 'revoked';
    return {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: expired ? Date.now() - 60_000 : issued.expiresAt,
      clientId: sim.oauth.clientId,
      clientSecret: sim.oauth.clientSecret,
    };
  };
  const googleError = (code: number, status: string, message: string) => ({
    error: { code, message, status },
  });
  const statusNames: Record<number, string> = {
    500: 'INTERNAL',
    502: 'UNAVAILABLE',
    503: 'UNAVAILABLE',
    504: 'DEADLINE_EXCEEDED',
  };
  return {
    id: 'docs',
    server: sim.server,
    handlers: createDocsHandlers(sim.state),
    oauth: true,
    read,
    write,
    connect: (variant = 'valid') =>
      docs.connect({ credentials: tokens(variant), ...sim.connection.options }) as unknown as AnyClient,
    rateLimited: (op, seconds) =>
      statusFault(
        op,
        429,
        googleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Read requests'"),
        retryAfter(seconds),
      ),
    serverError: (op, status) =>
      statusFault(
        op,
        status,
        googleError(status, statusNames[status]!, 'The service is currently unavailable.'),
      ),
    unauthorized: (op) =>
      statusFault(
        op,
        401,
        googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
      ),
    close: () => sim.close(),
  };
}

/** Starts the four simulators. */
export async function startFaultSubjects(): Promise<FaultSubject[]> {
  return Promise.all([paymentsSubject(), analyticsSubject(), issuesSubject(), docsSubject()]);
}
