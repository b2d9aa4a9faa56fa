import {
  AuthError,
  type ConnectorError,
  type ErrorResponse,
  errorFromStatus,
  HttpClient,
  type HttpTuning,
  NotFoundError,
  type OAuthTokens,
  oauth2Auth,
  PermissionError,
  parseRetryAfter,
  RateLimitError,
  type RefreshCoordinator,
  withTuning,
  type Zod,
} from '@c/core';
import type { z } from 'zod';

/** Google Docs API. */
export const DOCS_BASE_URL = 'https://docs.googleapis.com';
/** Google Drive API (the file API). */
export const FILE_API_BASE_URL = 'https://www.googleapis.com';
/** The Docs API v1 discovery revision the request checks are generated from (`docs-request-schemas.json`). */
export const DOCS_DISCOVERY_REVISION = '20260921';
/** The Drive API v3 discovery revision the package is built and tested against (search, uploads, permissions). */
export const DOCS_DRIVE_DISCOVERY_REVISION = '20260916';
/**
 * The API versions the package speaks, in one string: Google Docs API v1 and Google Drive API v3 at
 * the discovery revisions it is built and tested against.
 */
export const DOCS_API_VERSION = `docs/v1@${DOCS_DISCOVERY_REVISION} drive/v3@${DOCS_DRIVE_DISCOVERY_REVISION}`;
/** Google's OAuth 2.0 token endpoint. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Google's OAuth 2.0 authorization endpoint. */
export const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
/** Google's MIME type of a Google Docs document: what Search Documents finds and `docs.fileChanged` watches by default. */
export const GOOGLE_DOCS_MIME_TYPE = 'application/vnd.google-apps.document';
/** The two permissions the connection needs: every document, and the Drive files holding them. */
export const DOCS_SCOPES = [
  'https://www.googleapis.com/auth/documents',
  'https://www.googleapis.com/auth/drive',
] as const;

/** Credentials of a Google Docs connection (a schema builder: zod loads on first use). */
export const docsCredentials = (z: Zod) =>
  z
    .object({
      accessToken: z.string().min(1).meta({
        title: 'Access Token',
        description: 'OAuth 2.0 access token of the connected Google account.',
      }),
      refreshToken: z.string().min(1).optional().meta({
        title: 'Refresh Token',
        description: 'OAuth 2.0 refresh token, used to renew the access token when it expires.',
      }),
      expiresAt: z.number().int().nonnegative().optional().meta({
        title: 'Expires At',
        description: 'When the access token expires, in epoch milliseconds.',
      }),
      clientId: z.string().min(1).optional().meta({
        title: 'Client Id',
        description: 'OAuth client id of the app the account authorized; needed to refresh.',
      }),
      clientSecret: z.string().min(1).optional().meta({
        title: 'Client Secret',
        description: 'OAuth client secret of that app; needed to refresh.',
      }),
    })
    .superRefine((value, ctx) => {
      if (!value.refreshToken) return;
      for (const key of ['clientId', 'clientSecret'] as const) {
        if (!value[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              'is required with a refresh token: Google refreshes only for the client that was authorized',
          });
        }
      }
    });

/** Options of a Google Docs connection: where the two APIs and the token endpoint are. */
export const docsOptions = (z: Zod) =>
  z.object({
    baseUrl: z
      .url()
      .default(DOCS_BASE_URL)
      .meta({ title: 'Base URL', description: `Google Docs API base URL (default ${DOCS_BASE_URL}).` }),
    fileApiBaseUrl: z
      .url()
      .default(FILE_API_BASE_URL)
      .meta({
        title: 'File API Base URL',
        description: `Google Drive API base URL (default ${FILE_API_BASE_URL}).`,
      }),
    tokenUrl: z
      .url()
      .default(GOOGLE_TOKEN_URL)
      .meta({ title: 'Token URL', description: `OAuth 2.0 token endpoint (default ${GOOGLE_TOKEN_URL}).` }),
  });

/** Parsed credentials of a connection. */
export type DocsCredentials = z.output<ReturnType<typeof docsCredentials>>;
/** Parsed options of a connection. */
export type DocsOptions = z.output<ReturnType<typeof docsOptions>>;

/** What every docs command runs with: one HTTP client (one keep-alive pool) for the connection. */
export interface DocsContext {
  http: HttpClient;
  close(): Promise<void>;
}

/**
 * Builds a connection's client: base URLs `docs`, `files` and `token`, OAuth bearer tokens refreshed
 * with the client id and secret when they expire or after one 401, and Google's error bodies mapped
 * onto the error taxonomy.
 */
export function createDocsContext(config: {
  credentials: DocsCredentials;
  options: DocsOptions;
  onTokens?: ((tokens: OAuthTokens) => void | Promise<void>) | undefined;
  coordinateRefresh?: RefreshCoordinator | undefined;
  http?: HttpTuning | undefined;
}): DocsContext {
  const { credentials, options, onTokens, coordinateRefresh } = config;
  const http = new HttpClient(
    withTuning(
      {
        provider: 'Google',
        baseUrls: { docs: options.baseUrl, files: options.fileApiBaseUrl, token: options.tokenUrl },
        baseUrlOptions: { files: 'fileApiBaseUrl' },
        auth: oauth2Auth({
          ...credentials,
          tokenApi: 'token',
          provider: 'Google',
          onTokens,
          coordinateRefresh,
        }),
        parseError: parseGoogleError,
      },
      config.http,
    ),
  );
  return { http, close: () => http.close() };
}

interface GoogleErrorDetail {
  '@type'?: string;
  reason?: string;
}

interface GoogleErrorBody {
  error?:
    | string
    | {
        code?: number;
        message?: string;
        status?: string;
        errors?: { reason?: string; domain?: string; message?: string }[];
        details?: GoogleErrorDetail[];
      };
  error_description?: string;
}

/** Reasons Google gives (Drive's `errors[].reason`, an `ErrorInfo` reason) for rate and quota limits. */
const RATE_LIMIT_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'dailyLimitExceeded',
  'quotaExceeded',
  'sharingRateLimitExceeded',
  'RATE_LIMIT_EXCEEDED',
]);
/** A token granted without the Docs or Drive permission. */
const SCOPE_REASONS = new Set(['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT']);
/** Refusals that mean the account cannot see or edit that document. */
const ACCESS_REASONS = new Set(['forbidden', 'insufficientFilePermissions', 'appNotAuthorizedToFile']);

/** A call about one document or file (not a listing), where a 403 means no access to it. */
const ONE_FILE_PATH = /\/v1\/documents\/[^/:]+|\/drive\/v3\/files\/[^/]+/;

/**
 * Maps Google's error bodies onto the taxonomy by HTTP status, `status` and reason, never by the
 * message text: the APIs' `{error: {code, message, status, errors[], details[]}}` and the token
 * endpoint's `{error, error_description}`.
 */
export function parseGoogleError(response: ErrorResponse): ConnectorError | undefined {
  const body = (
    typeof response.body === 'object' && response.body !== null ? response.body : {}
  ) as GoogleErrorBody;
  const { status, requestId } = response;
  if (typeof body.error === 'string') {
    return errorFromStatus({
      status,
      provider: 'Google',
      providerCode: body.error,
      providerMessage: body.error_description,
      requestId,
    });
  }
  const error = body.error;
  if (!error) return undefined;
  // ErrorInfo is the current, more specific form; Drive still also sends its older errors[].
  const reason =
    error.details?.find((detail) => detail['@type']?.endsWith('google.rpc.ErrorInfo'))?.reason ??
    error.errors?.find((entry) => entry.reason)?.reason;
  const providerCode = reason ?? error.status;
  const providerMessage = error.message;
  const base = { status, providerCode, providerMessage, requestId };
  const said = [error.status ?? reason, providerMessage].filter(Boolean).join(': ');
  if (status === 429 || error.status === 'RESOURCE_EXHAUSTED' || (reason && RATE_LIMIT_REASONS.has(reason))) {
    return new RateLimitError(`Google rate limit or quota reached (${status} ${said})`, {
      ...base,
      retryAfterMs: parseRetryAfter(response.headers),
    });
  }
  if (status === 401) {
    return new AuthError(
      `Google rejected the access token (401 ${said}). Reconnect the Google account.`,
      base,
    );
  }
  if (status === 403) {
    if (reason && SCOPE_REASONS.has(reason)) {
      return new PermissionError(
        `Google refused the call (403 ${said}): the connection lacks a permission it needs. Reconnect and grant access to both Google Docs and Google Drive.`,
        base,
      );
    }
    const aboutOneFile = ONE_FILE_PATH.test(response.request.path);
    if (aboutOneFile && (!reason || ACCESS_REASONS.has(reason) || error.status === 'PERMISSION_DENIED')) {
      return new PermissionError(
        `Google refused access (403 ${said}). The connected account needs view or edit access to that document (edit access to change it): ask its owner to share it, or connect an account that has access.`,
        base,
      );
    }
    return new PermissionError(`Google refused the call (403 ${said})`, base);
  }
  if (status === 404) {
    return new NotFoundError(
      `Google found nothing there (404 ${said}). Check the id, and that the connected account can see the document.`,
      base,
    );
  }
  return errorFromStatus({ ...base, provider: 'Google' });
}
