import { AuthError, NotFoundError, PermissionError, ProviderError, RateLimitError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { linearErrorFrom, linearRetryAfterMs } from './issues-client.js';
import {
  failure,
  LINEAR_SEED,
  seedUuid,
  sentGraphql,
  useIssuesSimulator,
} from './testing/linear-test-helpers.js';

const h = useIssuesSimulator();
const ENG_1 = seedUuid('issue:eng:0');
const response = (status = 200, headers: Record<string, string> = {}) => ({
  status,
  headers,
  requestId: undefined,
});

describe('linearRetryAfterMs', () => {
  const now = 1_800_000_000_000;
  it('prefers Retry-After when Linear sends one', () => {
    expect(
      linearRetryAfterMs({ 'retry-after': '3', 'x-ratelimit-requests-reset': String(now + 60_000) }, now),
    ).toBe(3000);
  });
  it('waits for the reset of the exhausted budget (epoch milliseconds)', () => {
    const headers = {
      'x-ratelimit-requests-remaining': '0',
      'x-ratelimit-requests-reset': String(now + 1500),
      'x-ratelimit-complexity-remaining': '9000',
      'x-ratelimit-complexity-reset': String(now + 90_000),
    };
    expect(linearRetryAfterMs(headers, now)).toBe(1500);
  });
  it('waits for the latest reset when the headers do not say which budget ran out', () => {
    const headers = {
      'x-ratelimit-requests-reset': String(now + 100),
      'x-ratelimit-complexity-reset': String(now + 800),
    };
    expect(linearRetryAfterMs(headers, now)).toBe(800);
  });
  it('says nothing without reset headers, and never a negative wait', () => {
    expect(linearRetryAfterMs({}, now)).toBeUndefined();
    expect(linearRetryAfterMs({ 'x-ratelimit-requests-reset': String(now - 5000) }, now)).toBe(0);
  });
});

describe('linearErrorFrom', () => {
  it('maps by extensions.type when there is no code', () => {
    const error = linearErrorFrom(
      [{ message: 'x', extensions: { type: 'authentication error' } }],
      response(),
    );
    expect(AuthError.isInstance(error)).toBe(true);
  });
  it('maps a feature the plan does not include to a PermissionError', () => {
    const error = linearErrorFrom(
      [
        {
          message: 'x',
          extensions: {
            code: 'FEATURE_NOT_ACCESSIBLE',
            userPresentableMessage: 'Upgrade to use initiatives.',
          },
        },
      ],
      response(),
    );
    expect(PermissionError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toBe('Upgrade to use initiatives.');
  });
  it('lets a rate limit win over the other errors of the same response', () => {
    const error = linearErrorFrom(
      [
        { message: 'a', extensions: { code: 'INPUT_ERROR' } },
        { message: 'b', extensions: { code: 'RATELIMITED' } },
      ],
      response(400),
    );
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error.status).toBe(400);
  });
  it('never decides by message text', () => {
    const notFound = linearErrorFrom([{ message: 'Entity not found: Issue', path: ['issue'] }], response(), {
      field: 'issue',
      what: 'issue x',
    });
    expect(NotFoundError.isInstance(notFound)).toBe(false);
    const limited = linearErrorFrom(
      [{ message: 'Rate limit exceeded', extensions: { code: 'INPUT_ERROR' } }],
      response(),
    );
    expect(RateLimitError.isInstance(limited)).toBe(false);
  });
  it('calls an input error on another field than the one looked up a ProviderError', () => {
    const error = linearErrorFrom(
      [
        {
          message: 'Entity not found: Team',
          path: ['teams'],
          extensions: { code: 'INPUT_ERROR', statusCode: 400 },
        },
      ],
      response(),
      { field: 'issue', what: 'issue x' },
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(400);
  });
  it('marks Linear’s transient failures as retryable', () => {
    const error = linearErrorFrom([{ message: 'x', extensions: { type: 'lock timeout' } }], response());
    expect(error.retryable).toBe(true);
  });
});

describe('LinearGraphqlClient over the simulator', () => {
  it('sends OAuth tokens as Bearer and personal keys bare', async () => {
    await h.client.run('getIssueById', { issueId: ENG_1 });
    await h.connect({ credentials: { apiKey: h.sim.apiKey } }).run('getIssueById', { issueId: ENG_1 });
    const [oauth, key] = sentGraphql(h.sim);
    expect(oauth?.headers.authorization).toBe(`Bearer ${h.sim.connection.credentials.accessToken}`);
    expect(key?.headers.authorization).toBe(h.sim.apiKey);
  });

  it('refreshes after a 401 for an expired token, retries once, and hands the rotated tokens on', async () => {
    const rotated: unknown[] = [];
    const client = h.connect({ onTokens: (tokens: unknown) => void rotated.push(tokens) });
    h.sim.state.oauth.expireAccessTokens();
    const issue = await client.run('getIssueById', { issueId: ENG_1 });
    expect(issue.identifier).toBe('ENG-1');
    const paths = h.sim.server.calls.map((call) => call.path);
    expect(paths).toEqual(['/graphql', '/oauth/token', '/graphql']);
    const token = h.sim.server.calls[1]!;
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(token.bodyForm!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: h.sim.connection.credentials.refreshToken,
      client_id: h.sim.oauth.clientId,
      client_secret: h.sim.oauth.clientSecret,
    });
    expect(rotated).toEqual([
      {
        accessToken: expect.stringMatching(/^lin_oauth_/),
        refreshToken: expect.stringMatching(/^lin_refresh_/),
        expiresAt: expect.any(Number),
      },
    ]);
    const [tokens] = rotated as { accessToken: string; refreshToken: string }[];
    expect(tokens?.refreshToken).not.toBe(h.sim.connection.credentials.refreshToken);
    expect(h.sim.server.calls[2]?.headers.authorization).toBe(`Bearer ${tokens?.accessToken}`);
  });

  it('refreshes before the first call when the stored token has expired', async () => {
    const client = h.connect({
      credentials: { ...h.sim.connection.credentials, expiresAt: Date.now() - 1000 },
    });
    await client.run('getIssueById', { issueId: ENG_1 });
    expect(h.sim.server.calls.map((call) => call.path)).toEqual(['/oauth/token', '/graphql']);
  });

  it('says to reconnect when the grant was revoked, without any token in the error', async () => {
    h.sim.state.oauth.revoke(h.sim.connection.credentials.accessToken);
    const error = await failure(h.client.run('getIssueById', { issueId: ENG_1 }));
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.needsReconnect).toBe(true);
    expect(error.message).toMatch(/reconnect/i);
    expect(error.providerCode).toBe('invalid_grant');
    const text = JSON.stringify(error.toJSON()) + error.message + error.stack;
    for (const secret of Object.values(h.sim.connection.credentials))
      expect(text).not.toContain(String(secret));
  });

  it('refuses a refresh token that was already used (rotation)', async () => {
    const first = h.connect();
    h.sim.state.oauth.expireAccessTokens();
    await first.run('getIssueById', { issueId: ENG_1 });
    // A second connection still holding the first refresh token cannot use it any more.
    const stale = h.connect({
      credentials: { ...h.sim.connection.credentials, expiresAt: Date.now() - 1000 },
    });
    const error = await failure(stale.run('getIssueById', { issueId: ENG_1 }));
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.providerMessage).toBe('The refresh token was already used.');
  });

  it('cannot refresh an access token given alone: an expired one is an AuthError', async () => {
    const client = h.connect({ credentials: { accessToken: h.sim.connection.credentials.accessToken } });
    h.sim.state.oauth.expireAccessTokens();
    const error = await failure(client.run('getIssueById', { issueId: ENG_1 }));
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.status).toBe(401);
    expect(h.sim.server.calls.map((call) => call.path)).toEqual(['/graphql']);
  });

  it('waits out a RATELIMITED query and retries it', async () => {
    h.sim.failNext({ kind: 'ratelimited', dimension: 'complexity', resetInMs: 30 });
    const issue = await h.client.run('getIssueById', { issueId: ENG_1 });
    expect(issue.identifier).toBe('ENG-1');
    expect(sentGraphql(h.sim)).toHaveLength(2);
  });

  it('treats a 200 without GraphQL data as a ProviderError', async () => {
    h.sim.server.fault({ type: 'status', status: 200, body: '{"data":null}' });
    const error = await failure(h.client.run('getIssueById', { issueId: ENG_1 }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.message).toBe('Linear answered without GraphQL data');
  });

  it('refuses an answer without the object it asked for, instead of failing inside the command', async () => {
    for (const body of [
      '{"data":{"issue":null}}',
      '{"data":{"viewer":{"id":"x"}}}',
      '{"data":[{"issue":{}}]}',
    ]) {
      h.sim.server.fault({ type: 'status', status: 200, body });
      const error = await failure(h.client.run('getIssueById', { issueId: ENG_1 }));
      expect(ProviderError.isInstance(error), body).toBe(true);
      expect(error).toMatchObject({
        message: 'Linear answered GetIssueById without its issue',
        providerCode: 'invalid_response',
      });
    }
    h.sim.server.fault({ type: 'status', status: 200, body: '{"data":{"issueCreate":"yes"}}' });
    const created = await failure(
      h.client.run('createIssue', { teamId: LINEAR_SEED.teams.eng.id, title: 'x' }),
    );
    expect(created.message).toBe('Linear answered CreateIssue without its issueCreate');
  });

  it('treats an HTML error page as a ProviderError with the status', async () => {
    h.sim.server.fault({
      type: 'status',
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<html>Bad gateway</html>',
      times: 3,
    });
    const error = await failure(h.client.run('getIssueById', { issueId: ENG_1 }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(502);
    expect(sentGraphql(h.sim)).toHaveLength(3);
  });
});
