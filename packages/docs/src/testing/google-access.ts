import { docsErrorResponse, driveErrorResponse, errorInfo } from './google-errors.js';
import {
  DOCUMENTS_READONLY_SCOPE,
  DOCUMENTS_SCOPE,
  type DocsSimulatorState,
  DRIVE_FILE_SCOPE,
  DRIVE_READONLY_SCOPE,
  DRIVE_SCOPE,
  type SimFile,
  type SimGrant,
} from './google-state.js';

/** Which API a call is for: they word their errors differently. */
export type GoogleApi = 'docs' | 'drive';

/** Who is calling: the account and the grant behind the bearer token. */
export interface Caller {
  user: string;
  grant: SimGrant;
}

const SERVICE: Record<GoogleApi, string> = { docs: 'docs.googleapis.com', drive: 'drive.googleapis.com' };
const METADATA_READONLY = 'https://www.googleapis.com/auth/drive.metadata.readonly';
const SCOPES: Record<GoogleApi, { read: string[]; write: string[] }> = {
  docs: {
    read: [DOCUMENTS_SCOPE, DOCUMENTS_READONLY_SCOPE, DRIVE_SCOPE, DRIVE_READONLY_SCOPE, DRIVE_FILE_SCOPE],
    write: [DOCUMENTS_SCOPE, DRIVE_SCOPE, DRIVE_FILE_SCOPE],
  },
  drive: {
    read: [DRIVE_SCOPE, DRIVE_READONLY_SCOPE, DRIVE_FILE_SCOPE, METADATA_READONLY],
    write: [DRIVE_SCOPE, DRIVE_FILE_SCOPE],
  },
};
const INVALID_CREDENTIALS =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const MISSING_CREDENTIALS =
  'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

function unauthenticated(api: GoogleApi, reason: string, message: string, method: string): Response {
  const headers = {
    'www-authenticate':
      reason === 'CREDENTIALS_MISSING'
        ? 'Bearer realm="https://accounts.google.com/"'
        : 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
  };
  const details = [errorInfo(reason, SERVICE[api], { method })];
  if (api === 'docs') return docsErrorResponse(401, 'UNAUTHENTICATED', message, details, headers);
  return driveErrorResponse(
    401,
    reason === 'CREDENTIALS_MISSING' ? 'required' : 'authError',
    message,
    { location: 'Authorization', locationType: 'header' },
    { status: 'UNAUTHENTICATED', details, headers },
  );
}

/**
 * Authenticates a call as Google's front end does: a bearer token (header or `access_token`
 * query parameter) that is known, not revoked and not expired (401 otherwise); a grant with a
 * scope that covers the call (403 `ACCESS_TOKEN_SCOPE_INSUFFICIENT` otherwise); and the user's
 * per-minute quota (Docs: 429 `RESOURCE_EXHAUSTED`; Drive: 403 `userRateLimitExceeded`).
 * Returns the caller, or the error response to send.
 */
export function authorize(
  state: DocsSimulatorState,
  request: Request,
  url: URL,
  api: GoogleApi,
  write: boolean,
  method: string,
): Caller | Response {
  const header = request.headers.get('authorization') ?? '';
  const token = /^bearer\s+(\S+)$/i.exec(header)?.[1] ?? url.searchParams.get('access_token') ?? undefined;
  if (!token) return unauthenticated(api, 'CREDENTIALS_MISSING', MISSING_CREDENTIALS, method);
  const auth = state.authenticate(token);
  if (auth === 'expired') return unauthenticated(api, 'ACCESS_TOKEN_EXPIRED', INVALID_CREDENTIALS, method);
  if (auth === 'invalid')
    return unauthenticated(api, 'ACCESS_TOKEN_TYPE_UNSUPPORTED', INVALID_CREDENTIALS, method);
  const allowed = SCOPES[api][write ? 'write' : 'read'];
  if (!auth.grant.scopes.some((scope) => allowed.includes(scope))) {
    const message = 'Request had insufficient authentication scopes.';
    const details = [errorInfo('ACCESS_TOKEN_SCOPE_INSUFFICIENT', SERVICE[api], { method })];
    if (api === 'docs') return docsErrorResponse(403, 'PERMISSION_DENIED', message, details);
    return driveErrorResponse(
      403,
      'insufficientPermissions',
      message,
      {},
      { status: 'PERMISSION_DENIED', details },
    );
  }
  const bucket =
    api === 'drive' ? 'driveRequestsPerMinute' : write ? 'docsWritesPerMinute' : 'docsReadsPerMinute';
  if (!state.takeQuota(auth.user, bucket)) {
    if (api === 'drive') return driveErrorResponse(403, 'userRateLimitExceeded', 'User rate limit exceeded.');
    const kind = write ? 'Write requests' : 'Read requests';
    return docsErrorResponse(
      429,
      'RESOURCE_EXHAUSTED',
      `Quota exceeded for quota metric '${kind}' and limit '${kind} per minute per user' of service 'docs.googleapis.com' for consumer 'project_number:000000000000'.`,
      [
        errorInfo('RATE_LIMIT_EXCEEDED', SERVICE.docs, {
          quota_metric: `docs.googleapis.com/${write ? 'write' : 'read'}_requests`,
        }),
      ],
    );
  }
  return { user: auth.user, grant: auth.grant };
}

/**
 * True when the caller can see the file: it is shared with the user, and the grant covers it
 * (the drive.file scope covers only files this client created; documents covers every Google Doc).
 */
export function canSee(state: DocsSimulatorState, file: SimFile, caller: Caller, api: GoogleApi): boolean {
  if (!state.can(file, caller.user, 'reader')) return false;
  const scopes = caller.grant.scopes;
  const broad =
    api === 'docs'
      ? [DOCUMENTS_SCOPE, DOCUMENTS_READONLY_SCOPE, DRIVE_SCOPE, DRIVE_READONLY_SCOPE]
      : [DRIVE_SCOPE, DRIVE_READONLY_SCOPE, METADATA_READONLY];
  return scopes.some((scope) => broad.includes(scope)) || file.createdBy.has(caller.grant.clientId);
}
