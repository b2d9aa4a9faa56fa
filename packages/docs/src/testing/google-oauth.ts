import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DOCUMENTS_READONLY_SCOPE,
  DOCUMENTS_SCOPE,
  type DocsSimulatorState,
  DRIVE_FILE_SCOPE,
  DRIVE_READONLY_SCOPE,
  DRIVE_SCOPE,
  type SimClient,
} from './google-state.js';

/** The scopes the consent screen knows, with Google's wording. */
const SCOPE_LABELS: Record<string, string> = {
  [DOCUMENTS_SCOPE]: 'See, edit, create, and delete all your Google Docs documents',
  [DOCUMENTS_READONLY_SCOPE]: 'See all your Google Docs documents',
  [DRIVE_SCOPE]: 'See, edit, create, and delete all of your Google Drive files',
  [DRIVE_READONLY_SCOPE]: 'See and download all your Google Drive files',
  [DRIVE_FILE_SCOPE]:
    'See, edit, create, and delete only the specific Google Drive files you use with this app',
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info, including any personal info you’ve made publicly available',
  'https://www.googleapis.com/auth/userinfo.email': 'See your primary Google Account email address',
  'https://www.googleapis.com/auth/userinfo.profile':
    'See your personal info, including any personal info you’ve made publicly available',
};

const NO_STORE = {
  'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
  pragma: 'no-cache',
  'content-type': 'application/json; charset=utf-8',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function errorPage(status: number, code: string, detail: string): Response {
  const html = `<!doctype html><html><head><title>Error ${status}: ${code}</title></head><body><h1>Access blocked: Authorization Error</h1><p>${escapeHtml(detail)}</p><p>Error ${status}: ${escapeHtml(code)}</p></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function tokenError(status: number, error: string, description: string): Response {
  return Response.json({ error, error_description: description }, { status, headers: NO_STORE });
}

function redirectAllowed(client: SimClient, redirectUri: string): boolean {
  if (client.redirectUris) return client.redirectUris.includes(redirectUri);
  try {
    const url = new URL(redirectUri);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && /^(127\.0\.0\.1|localhost|\[::1\])$/.test(url.hostname))
    );
  } catch {
    return false;
  }
}

function redirect(target: URL): Response {
  return new Response(null, { status: 302, headers: { location: target.toString() } });
}

/**
 * `GET /o/oauth2/v2/auth`: checks the client and redirect URI as Google does (an error page, never
 * a redirect, when either is wrong), then shows the consent screen with one checkbox per scope.
 */
export function authorizationPage(state: DocsSimulatorState, url: URL): Response {
  const params = url.searchParams;
  const client = state.clients.get(params.get('client_id') ?? '');
  if (!client) return errorPage(401, 'invalid_client', 'The OAuth client was not found.');
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!redirectUri) return errorPage(400, 'invalid_request', 'Missing required parameter: redirect_uri');
  if (!redirectAllowed(client, redirectUri)) {
    return errorPage(
      400,
      'redirect_uri_mismatch',
      `The redirect URI ${redirectUri} is not registered for this client.`,
    );
  }
  const back = new URL(redirectUri);
  const fail = (error: string) => {
    back.searchParams.set('error', error);
    if (params.has('state')) back.searchParams.set('state', params.get('state')!);
    return redirect(back);
  };
  if (params.get('response_type') !== 'code') return fail('unsupported_response_type');
  const scopes = (params.get('scope') ?? '').split(/\s+/).filter(Boolean);
  if (scopes.length === 0) return errorPage(400, 'invalid_request', 'Missing required parameter: scope');
  if (scopes.some((scope) => !SCOPE_LABELS[scope])) return fail('invalid_scope');
  const method = params.get('code_challenge_method');
  if (method && method !== 'S256' && method !== 'plain')
    return errorPage(400, 'invalid_request', 'Invalid code_challenge_method');
  const consent = randomBytes(12).toString('base64url');
  state.consents.set(consent, new URLSearchParams(params));
  const user = state.users.get(state.currentUser);
  const boxes = scopes
    .map(
      (scope) =>
        `<label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ${escapeHtml(SCOPE_LABELS[scope]!)}</label><br>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head>
<body>
<h1>${escapeHtml(client.name)} wants access to your Google Account</h1>
<p>${escapeHtml(user?.displayName ?? '')} (${escapeHtml(state.currentUser)})</p>
<form method="post" action="/o/oauth2/v2/auth/approve">
<input type="hidden" name="consent" value="${consent}">
<p>Select what ${escapeHtml(client.name)} can access:</p>
${boxes}
<button type="submit" name="decision" value="deny">Cancel</button>
<button type="submit" name="decision" value="approve">Approve</button>
</form>
</body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** `POST /o/oauth2/v2/auth/approve`: the consent form's answer, a redirect with `code` and `state`. */
export function approveConsent(state: DocsSimulatorState, form: URLSearchParams): Response {
  const params = state.consents.get(form.get('consent') ?? '');
  if (!params) return errorPage(400, 'invalid_request', 'This consent screen has expired. Start again.');
  state.consents.delete(form.get('consent')!);
  const back = new URL(params.get('redirect_uri')!);
  if (params.has('state')) back.searchParams.set('state', params.get('state')!);
  const requested = (params.get('scope') ?? '').split(/\s+/);
  const granted = form.getAll('scope').filter((scope) => requested.includes(scope));
  if (form.get('decision') !== 'approve' || granted.length === 0) {
    back.searchParams.set('error', 'access_denied');
    return redirect(back);
  }
  const clientId = params.get('client_id')!;
  const grant = state.grant(state.currentUser, clientId, granted);
  const code = `4/0${randomBytes(40).toString('base64url')}`;
  const challenge = params.get('code_challenge') ?? undefined;
  state.codes.set(code, {
    grantId: grant.id,
    clientId,
    redirectUri: params.get('redirect_uri')!,
    codeChallenge: challenge,
    codeChallengeMethod: challenge ? (params.get('code_challenge_method') ?? 'plain') : undefined,
    offline: params.get('access_type') === 'offline',
    expiresAt: state.now() + 10 * 60_000,
    used: false,
  });
  back.searchParams.set('code', code);
  back.searchParams.set('scope', granted.join(' '));
  return redirect(back);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * `POST /token`: the authorization code grant (with PKCE verification) and the refresh token grant
 * (a new access token; the refresh token is neither rotated nor spent, as at Google). Errors use
 * the OAuth body `{error, error_description}` with Google's codes.
 */
export function tokenEndpoint(
  state: DocsSimulatorState,
  form: URLSearchParams,
  authorization: string | null,
): Response {
  let clientId = form.get('client_id') ?? '';
  let clientSecret = form.get('client_secret') ?? '';
  const basic = /^basic\s+(.+)$/i.exec(authorization ?? '');
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    clientId = decodeURIComponent(id);
    clientSecret = decodeURIComponent(secret);
  }
  const client = state.clients.get(clientId);
  if (!client) return tokenError(401, 'invalid_client', 'The OAuth client was not found.');
  if (!same(clientSecret, client.clientSecret)) return tokenError(401, 'invalid_client', 'Unauthorized');
  const grantType = form.get('grant_type');
  const answer = (tokens: ReturnType<DocsSimulatorState['issue']>) =>
    Response.json(
      {
        access_token: tokens.accessToken,
        expires_in: tokens.expiresIn,
        ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
        scope: tokens.scope,
        token_type: 'Bearer',
      },
      { headers: NO_STORE },
    );

  if (grantType === 'authorization_code') {
    const code = form.get('code');
    if (!code) return tokenError(400, 'invalid_request', 'Missing required parameter: code');
    const entry = state.codes.get(code);
    if (!entry) return tokenError(400, 'invalid_grant', 'Malformed auth code.');
    const grant = state.grants.get(entry.grantId);
    if (entry.used) {
      // A code presented twice may have been stolen: the tokens it gave are revoked too.
      if (grant) grant.revoked = true;
      return tokenError(400, 'invalid_grant', 'Bad Request');
    }
    if (state.now() > entry.expiresAt || !grant || grant.revoked)
      return tokenError(400, 'invalid_grant', 'Bad Request');
    if (entry.clientId !== clientId) return tokenError(400, 'invalid_grant', 'Bad Request');
    if (form.get('redirect_uri') !== entry.redirectUri)
      return tokenError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (entry.codeChallenge) {
      const verifier = form.get('code_verifier');
      if (!verifier) return tokenError(400, 'invalid_grant', 'Missing code verifier.');
      const computed =
        entry.codeChallengeMethod === 'S256'
          ? createHash('sha256').update(verifier).digest('base64url')
          : verifier;
      if (!same(computed, entry.codeChallenge))
        return tokenError(400, 'invalid_grant', 'Invalid code verifier.');
    }
    entry.used = true;
    return answer(state.issue(grant, entry.offline));
  }

  if (grantType === 'refresh_token') {
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) return tokenError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = state.grantOfRefreshToken(refreshToken);
    if (!grant || grant.revoked)
      return tokenError(400, 'invalid_grant', 'Token has been expired or revoked.');
    if (grant.clientId !== clientId) return tokenError(401, 'unauthorized_client', 'Unauthorized');
    // Google keeps the refresh token: the answer carries a new access token only, and the same
    // refresh token works again (from this process or any other holding it).
    return answer(state.issue(grant, false));
  }

  return tokenError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
}

/** `POST /revoke`: revokes the grant of an access or refresh token. */
export function revokeEndpoint(state: DocsSimulatorState, token: string | null): Response {
  if (!token || !state.revoke(token)) return tokenError(400, 'invalid_token', 'Token expired or revoked');
  return new Response(null, { status: 200 });
}
