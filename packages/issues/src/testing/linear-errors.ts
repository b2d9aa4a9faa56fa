import { GraphQLError } from 'graphql';

/**
 * How Linear shapes its errors, as the simulator reproduces them. Sources: `@linear/sdk`'s
 * `error.ts` (the `extensions.type` vocabulary: "authentication error", "forbidden", "invalid
 * input", "ratelimited", "feature not accessible", "internal error", …), and responses captured
 * from `api.linear.app` by public integrations:
 *
 * - A missing entity is HTTP **200** with `data: null` and one error:
 *   `{"message":"Entity not found: Issue","path":["issue"],"extensions":{"type":"invalid input",
 *   "code":"INPUT_ERROR","statusCode":400,"userError":true,"userPresentableMessage":"Could not find
 *   referenced Issue."}}`. Other resolver refusals (bad input, missing scope) come back the same way.
 * - A bad or missing credential is HTTP **401** with `extensions.type` "authentication error" and
 *   `code` "AUTHENTICATION_ERROR".
 * - A rate limit is HTTP **400** (not 429) with `extensions.code` "RATELIMITED"; the wait is in the
 *   `X-RateLimit-Requests-Reset` / `X-RateLimit-Complexity-Reset` headers, as epoch milliseconds.
 * - A document that does not parse or validate is HTTP **400** with one error per problem
 *   (`GRAPHQL_PARSE_FAILED` / `GRAPHQL_VALIDATION_FAILED`), and variables that do not coerce to
 *   their declared types are HTTP 400 `BAD_USER_INPUT`.
 *
 * Not observed first-hand and modelled on the above: the status of a `FORBIDDEN` scope refusal
 * (200, like other resolver errors) and the refusal of a query over the complexity limit (400).
 */
export interface LinearErrorExtensions {
  type?: string;
  code: string;
  statusCode?: number;
  userError?: boolean;
  userPresentableMessage?: string;
  [key: string]: unknown;
}

/** One error as Linear sends it in `errors[]`. */
export interface LinearErrorBody {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions: LinearErrorExtensions;
}

/** A resolver error carrying Linear's extensions; graphql-js adds `path` and `locations`. */
export function linearResolverError(message: string, extensions: LinearErrorExtensions): GraphQLError {
  return new GraphQLError(message, { extensions });
}

/** "Entity not found: Issue", as Linear reports a missing entity (HTTP 200). */
export function entityNotFound(entity: string): GraphQLError {
  return linearResolverError(`Entity not found: ${entity}`, {
    type: 'invalid input',
    code: 'INPUT_ERROR',
    statusCode: 400,
    userError: true,
    userPresentableMessage: `Could not find referenced ${entity}.`,
  });
}

/** Input that Linear refuses while resolving (a bad reference, a missing title, a page too large). */
export function invalidInput(message: string, userPresentableMessage = message): GraphQLError {
  return linearResolverError(message, {
    type: 'invalid input',
    code: 'INPUT_ERROR',
    statusCode: 400,
    userError: true,
    userPresentableMessage,
  });
}

/** An OAuth token without the scope a mutation needs. */
export function forbidden(message: string): GraphQLError {
  return linearResolverError(message, {
    type: 'forbidden',
    code: 'FORBIDDEN',
    statusCode: 403,
    userError: true,
    userPresentableMessage: message,
  });
}

/** The body of Linear's 401. */
export function authenticationErrorBody(): { errors: LinearErrorBody[] } {
  return {
    errors: [
      {
        message: 'Authentication required, not authenticated',
        extensions: {
          type: 'authentication error',
          code: 'AUTHENTICATION_ERROR',
          statusCode: 401,
          userError: true,
          userPresentableMessage: 'You need to authenticate to access this operation.',
        },
      },
    ],
  };
}

/** The body of Linear's rate-limit refusal (sent with HTTP 400). */
export function rateLimitedBody(kind: 'requests' | 'complexity'): { errors: LinearErrorBody[] } {
  const what = kind === 'requests' ? 'requests' : 'query complexity points';
  return {
    errors: [
      {
        message: `Rate limit exceeded: too many ${what} in the current window.`,
        extensions: {
          type: 'ratelimited',
          code: 'RATELIMITED',
          statusCode: 429,
          userError: true,
          userPresentableMessage: 'Rate limit exceeded. Please wait before making more requests.',
        },
      },
    ],
  };
}

/** A request-level error (400): parse, validation, variable coercion or complexity. */
export function requestErrorBody(
  errors: readonly GraphQLError[],
  code:
    | 'GRAPHQL_PARSE_FAILED'
    | 'GRAPHQL_VALIDATION_FAILED'
    | 'BAD_USER_INPUT'
    | 'BAD_REQUEST'
    | 'INPUT_ERROR',
): { errors: LinearErrorBody[] } {
  return {
    errors: errors.map((error) => ({
      message: error.message,
      ...(error.locations ? { locations: error.locations } : {}),
      extensions: { type: 'graphql error', code, statusCode: 400, userError: true },
    })),
  };
}

/** A refusal for lack of access, for the simulator's switch (HTTP 200, like other resolver errors). */
export function forbiddenBody(): { errors: LinearErrorBody[] } {
  return {
    errors: [
      {
        message: 'Forbidden',
        extensions: {
          type: 'forbidden',
          code: 'FORBIDDEN',
          statusCode: 403,
          userError: true,
          userPresentableMessage: 'You do not have access to this resource.',
        },
      },
    ],
  };
}

/** An internal failure, for the simulator's switch. */
export function internalErrorBody(): { errors: LinearErrorBody[] } {
  return {
    errors: [
      {
        message: 'Internal server error',
        extensions: {
          type: 'internal error',
          code: 'INTERNAL_SERVER_ERROR',
          statusCode: 500,
          userPresentableMessage: 'An unexpected error occurred. Please try again.',
        },
      },
    ],
  };
}

/** Formats graphql-js execution errors as Linear does: message, locations, path, extensions. */
export function formatExecutionError(error: GraphQLError): LinearErrorBody {
  const extensions = (error.extensions ?? {}) as Partial<LinearErrorExtensions>;
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: {
      type: 'internal error',
      code: 'INTERNAL_SERVER_ERROR',
      statusCode: 500,
      ...extensions,
    } as LinearErrorExtensions,
  };
}
