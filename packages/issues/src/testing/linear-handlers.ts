import type { RecordedCall } from '@c/core/testing';
import {
  type DocumentNode,
  execute,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  getVariableValues,
  type OperationDefinitionNode,
} from 'graphql';
import { HttpResponse, http, type RequestHandler } from 'msw';
import {
  authenticationErrorBody,
  forbiddenBody,
  formatExecutionError,
  internalErrorBody,
  type LinearErrorBody,
  rateLimitedBody,
  requestErrorBody,
} from './linear-errors.js';
import type { LinearOAuth } from './linear-oauth.js';
import { fieldResolver, mutationRoot, queryRoot, typeResolver } from './linear-resolvers.js';
import {
  LINEAR_MAX_COMPLEXITY,
  linearQueryComplexity,
  parseLinearDocument,
  validateLinearDocument,
} from './linear-schema.js';
import type { RequestContext } from './linear-views.js';
import { diffWorkspace, type LinearWebhookDispatcher, snapshotWorkspace } from './linear-webhooks.js';
import type { LinearWorkspace } from './linear-workspace.js';

/** A failure the simulator injects into the next matching GraphQL request(s). */
export type LinearFault = {
  /** Only requests with this `operationName`. */
  operationName?: string;
  /** How many requests it applies to (default 1). */
  times?: number;
} & (
  | { kind: 'ratelimited'; dimension?: 'requests' | 'complexity'; resetInMs?: number }
  | { kind: 'unauthenticated' }
  | { kind: 'forbidden' }
  | { kind: 'internal'; status?: number }
);

/** Rate-limit budgets per credential, refilled continuously (Linear's leaky bucket). */
export interface LinearRateLimits {
  requestsPerHour: number;
  complexityPerHour: number;
  /** Refuse requests over budget with RATELIMITED; otherwise only report the headers. */
  enforce: boolean;
}

/** What the handlers share: the workspace, OAuth, the schema, switches and budgets. */
export interface LinearSimulatorState {
  workspace: LinearWorkspace;
  oauth: LinearOAuth;
  schema: GraphQLSchema;
  faults: (LinearFault & { left: number })[];
  rateLimits: LinearRateLimits;
  /** What each credential has left of its budgets (a reset empties it: every budget full again). */
  budgets: Map<string, LinearBudget>;
  /** Sends the webhook deliveries of data changes (`webhookCreate`'s webhooks). */
  webhooks: LinearWebhookDispatcher;
}

/** One credential's budgets, as of `at` (epoch milliseconds). */
export interface LinearBudget {
  requests: number;
  complexity: number;
  at: number;
}

interface Compiled {
  document?: DocumentNode;
  errors: readonly GraphQLError[];
  code: 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED';
}

const HOUR_MS = 3_600_000;
const compiledCache = new WeakMap<GraphQLSchema, Map<string, Compiled>>();

/** Parses and validates a document once per schema and text (the bench sends the same few). */
function compile(schema: GraphQLSchema, query: string): Compiled {
  let cache = compiledCache.get(schema);
  if (!cache) {
    cache = new Map();
    compiledCache.set(schema, cache);
  }
  const hit = cache.get(query);
  if (hit) return hit;
  const parsed = parseLinearDocument(query);
  const compiled: Compiled =
    parsed instanceof GraphQLError
      ? { errors: [parsed], code: 'GRAPHQL_PARSE_FAILED' }
      : {
          document: parsed,
          errors: validateLinearDocument(parsed, schema),
          code: 'GRAPHQL_VALIDATION_FAILED',
        };
  if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
  cache.set(query, compiled);
  return compiled;
}

interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

function readBody(value: unknown): GraphqlBody | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'the body must be a JSON object';
  const body = value as Record<string, unknown>;
  if (typeof body.query !== 'string' || body.query.trim() === '') return '`query` must be a non-empty string';
  if (
    body.variables !== undefined &&
    body.variables !== null &&
    (typeof body.variables !== 'object' || Array.isArray(body.variables))
  ) {
    return '`variables` must be an object';
  }
  if (
    body.operationName !== undefined &&
    body.operationName !== null &&
    typeof body.operationName !== 'string'
  ) {
    return '`operationName` must be a string';
  }
  return body as unknown as GraphqlBody;
}

type Prepared =
  | {
      ok: true;
      document: DocumentNode;
      operation: OperationDefinitionNode;
      variables: Record<string, unknown>;
      complexity: number;
    }
  | { ok: false; status: number; body: { errors: LinearErrorBody[] }; problem: string };

/** Everything Linear checks before running a document: syntax, schema, operation, variables, cost. */
function prepare(schema: GraphQLSchema, body: GraphqlBody): Prepared {
  const compiled = compile(schema, body.query);
  if (!compiled.document || compiled.errors.length > 0) {
    return {
      ok: false,
      status: 400,
      body: requestErrorBody(compiled.errors, compiled.code),
      problem: `the document is invalid: ${compiled.errors.map((e) => e.message).join('; ')}`,
    };
  }
  const operation = getOperationAST(compiled.document, body.operationName ?? undefined);
  if (!operation) {
    const error = new GraphQLError(
      body.operationName
        ? `Unknown operation named "${body.operationName}".`
        : 'Must provide operation name if query contains multiple operations.',
    );
    return { ok: false, status: 400, body: requestErrorBody([error], 'BAD_REQUEST'), problem: error.message };
  }
  const variables = body.variables ?? {};
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) {
    return {
      ok: false,
      status: 400,
      body: requestErrorBody(coerced.errors, 'BAD_USER_INPUT'),
      problem: `the variables do not match their types: ${coerced.errors.map((e) => e.message).join('; ')}`,
    };
  }
  const complexity = linearQueryComplexity(
    compiled.document,
    variables,
    body.operationName ?? undefined,
    schema,
  );
  if (complexity > LINEAR_MAX_COMPLEXITY) {
    const error = new GraphQLError(
      `Query too complex: complexity ${complexity} exceeds the limit of ${LINEAR_MAX_COMPLEXITY}.`,
    );
    return { ok: false, status: 400, body: requestErrorBody([error], 'INPUT_ERROR'), problem: error.message };
  }
  return { ok: true, document: compiled.document, operation, variables, complexity };
}

/** Who the `Authorization` header belongs to; personal keys are sent bare, OAuth tokens as Bearer. */
function authenticate(
  state: LinearSimulatorState,
  header: string | null,
): (Omit<RequestContext, 'workspace'> & { key: string }) | undefined {
  if (!header) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) {
    const grant = state.oauth.authenticate(bearer);
    return grant ? { viewerId: grant.userId, scopes: new Set(grant.scopes), key: bearer } : undefined;
  }
  const userId = state.workspace.apiKeys.get(header.trim());
  return userId ? { viewerId: userId, scopes: undefined, key: header.trim() } : undefined;
}

/** Budgets per credential; Linear's `X-RateLimit-*` headers describe them on every response. */
function meter(state: LinearSimulatorState, key: string, cost: number) {
  const { requestsPerHour, complexityPerHour, enforce } = state.rateLimits;
  const now = Date.now();
  const bucket = state.budgets.get(key) ?? {
    requests: requestsPerHour,
    complexity: complexityPerHour,
    at: now,
  };
  const elapsed = now - bucket.at;
  bucket.requests = Math.min(requestsPerHour, bucket.requests + (elapsed * requestsPerHour) / HOUR_MS);
  bucket.complexity = Math.min(
    complexityPerHour,
    bucket.complexity + (elapsed * complexityPerHour) / HOUR_MS,
  );
  bucket.at = now;
  state.budgets.set(key, bucket);
  const refused: 'requests' | 'complexity' | undefined = !enforce
    ? undefined
    : bucket.requests < 1
      ? 'requests'
      : bucket.complexity < cost
        ? 'complexity'
        : undefined;
  if (!refused) {
    bucket.requests = Math.max(0, bucket.requests - 1);
    bucket.complexity = Math.max(0, bucket.complexity - cost);
  }
  // Reset: when the bucket is full again, or, for a refused request, when it holds enough for it.
  const reset = (left: number, limit: number, need: number) =>
    String(now + Math.ceil(((need > left ? need - left : limit - left) * HOUR_MS) / limit));
  const headers = {
    'x-ratelimit-requests-limit': String(requestsPerHour),
    'x-ratelimit-requests-remaining': String(Math.floor(bucket.requests)),
    'x-ratelimit-requests-reset': reset(bucket.requests, requestsPerHour, refused === 'requests' ? 1 : 0),
    'x-ratelimit-complexity-limit': String(complexityPerHour),
    'x-ratelimit-complexity-remaining': String(Math.floor(bucket.complexity)),
    'x-ratelimit-complexity-reset': reset(
      bucket.complexity,
      complexityPerHour,
      refused === 'complexity' ? cost : 0,
    ),
    'x-complexity': String(cost),
  };
  // What `rateLimitStatus` answers: the same two budgets, as Linear's RateLimitPayload.
  const limit = (type: string, allowed: number, left: number, requested: number) => ({
    type,
    allowedAmount: allowed,
    period: HOUR_MS,
    remainingAmount: Math.floor(left),
    requestedAmount: requested,
    reset: Number(reset(left, allowed, 0)),
  });
  const status = {
    identifier: null,
    kind: key.startsWith('lin_api_') ? 'apiKey' : 'oauthToken',
    limits: [
      limit('requestLimit', requestsPerHour, bucket.requests, 1),
      limit('complexityLimit', complexityPerHour, bucket.complexity, cost),
    ],
  };
  return { refused, headers, status };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status, headers });
}

/**
 * The GraphQL endpoint: `POST /graphql`, executed against Linear's schema over the workspace,
 * with Linear's status codes and error bodies, the `X-RateLimit-*` headers, and injected faults.
 */
export function graphqlHandler(state: LinearSimulatorState): RequestHandler {
  return http.post('*/graphql', async ({ request }) => {
    let raw: unknown;
    try {
      raw = JSON.parse(await request.text());
    } catch {
      raw = undefined;
    }
    const operationName = (raw as GraphqlBody | undefined)?.operationName ?? undefined;
    const faultIndex = state.faults.findIndex((f) => !f.operationName || f.operationName === operationName);
    const fault = faultIndex === -1 ? undefined : state.faults[faultIndex];
    if (fault) {
      fault.left -= 1;
      if (fault.left <= 0) state.faults.splice(faultIndex, 1);
      if (fault.kind === 'unauthenticated') return json(401, authenticationErrorBody());
      if (fault.kind === 'internal') return json(fault.status ?? 500, internalErrorBody());
      if (fault.kind === 'forbidden') return json(200, { data: null, ...forbiddenBody() });
      if (fault.kind === 'ratelimited') {
        const reset = String(Date.now() + (fault.resetInMs ?? 1000));
        const dimension = fault.dimension ?? 'requests';
        return json(400, rateLimitedBody(dimension), {
          [`x-ratelimit-${dimension}-limit`]: String(
            dimension === 'requests' ? state.rateLimits.requestsPerHour : state.rateLimits.complexityPerHour,
          ),
          [`x-ratelimit-${dimension}-remaining`]: '0',
          [`x-ratelimit-${dimension}-reset`]: reset,
        });
      }
    }
    const auth = authenticate(state, request.headers.get('authorization'));
    if (!auth) return json(401, authenticationErrorBody());
    const body = readBody(raw);
    if (typeof body === 'string') {
      return json(400, requestErrorBody([new GraphQLError(`Bad request: ${body}`)], 'BAD_REQUEST'));
    }
    const prepared = prepare(state.schema, body);
    if (!prepared.ok) return json(prepared.status, prepared.body);
    const { refused, headers, status } = meter(state, auth.key, prepared.complexity);
    if (refused) return json(400, rateLimitedBody(refused), headers);
    const ctx: RequestContext = {
      workspace: state.workspace,
      viewerId: auth.viewerId,
      scopes: auth.scopes,
      rateLimit: status,
    };
    const isMutation = prepared.operation.operation === 'mutation';
    // Only a mutation changes data, and only a workspace with webhooks pays for telling what changed.
    const before =
      isMutation && ctx.workspace.webhooks.size > 0 ? snapshotWorkspace(ctx.workspace) : undefined;
    const result = await execute({
      schema: state.schema,
      document: prepared.document,
      rootValue: isMutation ? mutationRoot(ctx) : queryRoot(ctx),
      contextValue: ctx,
      variableValues: prepared.variables,
      operationName: body.operationName ?? undefined,
      fieldResolver,
      typeResolver,
    });
    if (before) state.webhooks.dispatch(ctx.workspace, diffWorkspace(before, ctx.workspace), auth.viewerId);
    const payload: Record<string, unknown> = { data: result.data ?? null };
    if (result.errors?.length) payload.errors = result.errors.map(formatExecutionError);
    return json(200, payload, headers);
  });
}

/**
 * The contract check of every request the simulator receives: what Linear's API would refuse
 * (a document that does not validate against the schema, variables of the wrong type, a query over
 * the complexity limit, a missing or malformed `Authorization`, an unknown endpoint) is reported
 * as a violation, so the test that sent it fails.
 */
export function linearContractCheck(state: Pick<LinearSimulatorState, 'schema' | 'workspace'>) {
  return (call: RecordedCall): string | undefined => {
    if (call.path.endsWith('/graphql')) {
      if (call.method !== 'POST') return 'Linear answers GraphQL on POST only';
      if (!/^application\/json\b/i.test(call.headers['content-type'] ?? ''))
        return 'the body must be sent as application/json';
      const authorization = call.headers.authorization;
      if (!authorization) return 'no Authorization header';
      if (/^Bearer\s+lin_api_/i.test(authorization))
        return 'a personal API key must be sent without the Bearer prefix';
      if (/^lin_oauth_/.test(authorization)) return 'an OAuth access token must be sent as Bearer';
      const body = readBody(call.bodyJson);
      if (typeof body === 'string') return body;
      const prepared = prepare(state.schema, body);
      return prepared.ok ? undefined : prepared.problem;
    }
    if (call.path.endsWith('/oauth/token')) {
      if (call.method !== 'POST' || !call.bodyForm) return 'the token endpoint takes a form-encoded POST';
      const grantType = call.bodyForm.get('grant_type');
      if (grantType === 'authorization_code') {
        return call.bodyForm.get('code') && call.bodyForm.get('redirect_uri')
          ? undefined
          : 'code and redirect_uri are required';
      }
      if (grantType === 'refresh_token')
        return call.bodyForm.get('refresh_token') ? undefined : 'refresh_token is required';
      return `unsupported grant_type ${grantType}`;
    }
    if (call.path.endsWith('/oauth/revoke')) {
      return call.bodyForm?.get('access_token') ||
        call.bodyForm?.get('refresh_token') ||
        call.headers.authorization
        ? undefined
        : 'the token to revoke is missing (Linear takes access_token, refresh_token or a Bearer header)';
    }
    if (call.path.endsWith('/oauth/authorize')) return undefined;
    return `Linear has no endpoint ${call.method} ${call.path}`;
  };
}
