// Each connector against its simulator with distinctive credentials, a working input for every
// command, and error bodies that echo the credentials back (as a careless provider or proxy might),
// for the secret audit.
import { analytics } from '@c/analytics';
import { startAnalyticsSimulator } from '@c/analytics/testing';
import type { Connector, OAuthTokens } from '@c/core';
import type { RecordedCall, TestServer } from '@c/core/testing';
import { docs } from '@c/docs';
import { startDocsSimulator } from '@c/docs/testing';
import { issues } from '@c/issues';
import { LINEAR_SEED, startIssuesSimulator } from '@c/issues/testing';
import { payments } from '@c/payments';
import { SEED_IDS, startPaymentsSimulator } from '@c/payments/testing';
import { HttpResponse, http } from 'msw';
import type { AnyClient } from './fault-subjects.js';

/** Distinctive credentials for the simulators to accept, easy to spot anywhere. */
export const AUDIT_SECRETS = {
  payments: 'sk_test_AuditPaymentsKey7Q2x9Lm4',
  analyticsKey: 'auditAmplitudeApiKey3F8k2Pq9',
  analyticsSecret: 'auditAmplitudeSecretKey6R1w7Zt5',
  issuesApiKey: 'lin_api_AuditIssuesPersonalKey4T9s1Hx6',
  issuesClientSecret: 'auditLinearClientSecret8K3d5Wq2',
  docsClientSecret: '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3',
} as const;

/** One way of connecting to a simulator (issues: OAuth and a personal API key). */
export interface AuditConnection {
  label: string;
  connector: Connector;
  /** Working credentials (a fresh OAuth grant each time); `expired`: its access token has expired. */
  credentials(expired?: boolean): Record<string, unknown>;
  options: Record<string, unknown>;
  /** Connects with the given token sink; an `expired` connection refreshes before its first call. */
  connect(onTokens: (tokens: OAuthTokens) => void, expired?: boolean): AnyClient;
}

/** A connector's simulator, its connections, inputs and credential-echoing error bodies. */
export interface AuditSubject {
  id: string;
  connector: Connector;
  server: TestServer;
  connections: AuditConnection[];
  /** A working input for every command. */
  inputs: Record<string, unknown>;
  /** Calls to the provider's API (not its token endpoint). */
  isApiCall(call: RecordedCall): boolean;
  /** The provider's error body for `status`, with `echo` (the credentials the request carried) inside it. */
  errorBody(status: number, echo: string): unknown;
  /** Every credential the simulator issued or accepted, rotated tokens included. */
  issuedSecrets(): string[];
  close(): Promise<void>;
}

const notToken = (call: RecordedCall) => !/\/(oauth\/)?(token|revoke)$/.test(call.path);

async function paymentsAudit(): Promise<AuditSubject> {
  const sim = await startPaymentsSimulator({ seed: true, apiKey: AUDIT_SECRETS.payments });
  const options = sim.connection.options;
  return {
    id: 'payments',
    connector: payments as unknown as Connector,
    server: sim.server,
    connections: [
      {
        label: 'api key',
        connector: payments as unknown as Connector,
        credentials: () => ({ apiKey: AUDIT_SECRETS.payments }),
        options,
        connect: () =>
          payments.connect({
            credentials: { apiKey: AUDIT_SECRETS.payments },
            ...options,
          }) as unknown as AnyClient,
      },
    ],
    inputs: {
      createCustomer: { email: 'audit@example.com', name: 'Audit', metadata: { source: 'audit' } },
      getCustomerById: { customerId: SEED_IDS.customers.ada },
      getCustomers: { limit: 2 },
      createSubscription: { customerId: SEED_IDS.customers.linus, plan: SEED_IDS.prices.proMonthly },
      getSubscriptions: { status: 'all', limit: 2 },
      updateCustomer: { customerId: SEED_IDS.customers.grace, name: 'Grace B. Hopper' },
      createProduct: { name: 'Audit product' },
      getProductById: { productId: SEED_IDS.products.pro },
      getBalanceTransactions: { pagination: { limit: 2 } },
      getPlans: { active: true },
      getProducts: { limit: 2 },
      customAction: { method: 'GET', path: '/v1/events', query: { limit: 2 } },
    },
    isApiCall: notToken,
    errorBody: (status, echo) => ({
      error: {
        type: status >= 500 ? 'api_error' : 'invalid_request_error',
        code: status === 429 ? 'rate_limit' : status === 404 ? 'resource_missing' : undefined,
        message: `Refused (${status}) for key ${echo}`,
      },
    }),
    issuedSecrets: () => [AUDIT_SECRETS.payments],
    close: () => sim.close(),
  };
}

function hourText(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}`;
}

async function analyticsAudit(): Promise<AuditSubject> {
  const sim = await startAnalyticsSimulator({
    seed: true,
    apiKey: AUDIT_SECRETS.analyticsKey,
    secretKey: AUDIT_SECRETS.analyticsSecret,
  });
  const credentials = { apiKey: AUDIT_SECRETS.analyticsKey, secretKey: AUDIT_SECRETS.analyticsSecret };
  const options = sim.connection.options;
  const now = Date.now();
  return {
    id: 'analytics',
    connector: analytics as unknown as Connector,
    server: sim.server,
    connections: [
      {
        label: 'api key + secret key',
        connector: analytics as unknown as Connector,
        credentials: () => credentials,
        options,
        connect: () => analytics.connect({ credentials, ...options }) as unknown as AnyClient,
      },
    ],
    inputs: {
      activeAndNewUserCounts: { start: '20261101', end: '20261107' },
      eventSegmentation: { event: { event_type: '_active' }, start: '20261101', end: '20261107' },
      exportData: {
        start: hourText(new Date(now - 5 * 3_600_000)),
        end: hourText(new Date(now - 4 * 3_600_000)),
        maxEvents: 20,
      },
      behavioralCohorts: {},
      userSearch: { user: sim.state.users[0]?.user_id ?? 'user' },
      getChartResults: { chartId: 'sbx4k2m' },
      sendEvents: {
        apiKey: AUDIT_SECRETS.analyticsKey,
        events: [
          { event_type: 'audit', user_id: 'audit-user-1' },
          { event_type: 'audit', device_id: 'audit-device-2' },
        ],
      },
      customAction: { method: 'GET', path: '/api/2/realtime' },
      identifyUser: { userId: 'audit-user-1', set: { plan: 'pro' } },
      groupIdentify: { groupType: 'company', groupValue: 'Audit Corp', set: { plan: 'team' } },
      funnelAnalysis: {
        events: [{ event_type: '_active' }, { event_type: '_active' }],
        start: '20261101',
        end: '20261107',
      },
      getUserProfile: { userId: sim.state.users[0]?.user_id ?? 'user' },
      getCohortMembers: { cohortId: 'coh_buyers' },
    },
    isApiCall: notToken,
    errorBody: (status, echo) => ({ code: status, error: `Refused (${status}) for ${echo}` }),
    issuedSecrets: () => Object.values(credentials),
    close: () => sim.close(),
  };
}

async function issuesAudit(): Promise<AuditSubject> {
  const sim = await startIssuesSimulator({ seed: true });
  sim.workspace.addApiKey(sim.viewerId, AUDIT_SECRETS.issuesApiKey);
  const client = sim.state.oauth.addClient({ name: 'Audit', clientSecret: AUDIT_SECRETS.issuesClientSecret });
  const grants: { accessToken: string; refreshToken: string }[] = [];
  const seen = new Set<string>();
  const issueId = (identifier: string) =>
    [...sim.workspace.issues.values()].find((issue) => issue.identifier === identifier)!.id;
  const options = sim.connection.options;
  const oauthCredentials = (expired = false) => {
    const grant = sim.state.oauth.issueGrant({
      clientId: client.clientId,
      userId: sim.viewerId,
      scopes: sim.oauth.scopes,
    });
    grants.push(grant);
    seen.add(grant.accessToken).add(grant.refreshToken);
    return {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresAt: expired ? Date.now() - 60_000 : grant.accessExpiresAt,
      clientId: client.clientId,
      clientSecret: AUDIT_SECRETS.issuesClientSecret,
    };
  };
  const eng = LINEAR_SEED.teams.eng.id;
  return {
    id: 'issues',
    connector: issues as unknown as Connector,
    server: sim.server,
    connections: [
      {
        label: 'oauth',
        connector: issues as unknown as Connector,
        credentials: oauthCredentials,
        options,
        connect: (onTokens, expired = false) =>
          issues.connect({
            credentials: oauthCredentials(expired),
            ...options,
            onTokens,
          }) as unknown as AnyClient,
      },
      {
        label: 'personal api key',
        connector: issues as unknown as Connector,
        credentials: () => ({ apiKey: AUDIT_SECRETS.issuesApiKey }),
        options,
        connect: () =>
          issues.connect({
            credentials: { apiKey: AUDIT_SECRETS.issuesApiKey },
            ...options,
          }) as unknown as AnyClient,
      },
    ],
    inputs: {
      createIssue: { teamId: eng, title: 'Audit issue', priority: 2 },
      updateIssue: { issueId: issueId('ENG-2'), title: 'Audit renamed' },
      getIssueById: { issueId: issueId('ENG-1') },
      getIssueByIdentifier: { identifier: 'ENG-1' },
      searchIssues: { filter: {}, limit: 3 },
      deleteIssue: { issueId: issueId('ENG-6') },
      archiveIssue: { issueId: issueId('ENG-7') },
      createSubIssue: { parentId: issueId('ENG-3'), teamId: eng, title: 'Audit sub-issue' },
      createProject: { teamIds: eng, name: 'Audit project' },
      updateProject: { projectId: LINEAR_SEED.projects.mobileLaunch, name: 'Mobile launch (audit)' },
      getProjectById: { projectId: LINEAR_SEED.projects.mobileLaunch },
      deleteProject: { projectId: LINEAR_SEED.projects.billing },
      searchTeams: { name: 'eng', includeMembers: true },
      customGraphqlAction: { query: 'query Audit { viewer { id name } }' },
    },
    isApiCall: notToken,
    errorBody: (status, echo) => ({
      errors: [
        {
          message: `Refused (${status}) for ${echo}`,
          extensions: {
            code:
              status === 401
                ? 'AUTHENTICATION_ERROR'
                : status === 403
                  ? 'FORBIDDEN'
                  : status === 429
                    ? 'RATELIMITED'
                    : 'INTERNAL_ERROR',
            statusCode: status,
            userPresentableMessage: `Your credentials ${echo} were refused`,
          },
        },
      ],
    }),
    issuedSecrets: () => {
      // Rotation replaces a grant's tokens in place: read them again.
      for (const grant of grants) seen.add(grant.accessToken).add(grant.refreshToken);
      return [...seen, AUDIT_SECRETS.issuesApiKey, AUDIT_SECRETS.issuesClientSecret];
    },
    close: () => sim.close(),
  };
}

async function docsAudit(): Promise<AuditSubject> {
  const sim = await startDocsSimulator({
    seed: true,
    client: { clientSecret: AUDIT_SECRETS.docsClientSecret },
  });
  const documentId = sim.seeded!.meetingNotesId;
  const options = sim.connection.options;
  const credentials = (expired = false) => {
    const issued = sim.state.issueTokens({ clientId: sim.oauth.clientId });
    return {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: expired ? Date.now() - 60_000 : issued.expiresAt,
      clientId: sim.oauth.clientId,
      clientSecret: AUDIT_SECRETS.docsClientSecret,
    };
  };
  return {
    id: 'docs',
    connector: docs as unknown as Connector,
    server: sim.server,
    connections: [
      {
        label: 'oauth',
        connector: docs as unknown as Connector,
        credentials,
        options,
        connect: (onTokens, expired = false) =>
          docs.connect({ credentials: credentials(expired), ...options, onTokens }) as unknown as AnyClient,
      },
    ],
    inputs: {
      fetchDocumentContent: { documentId },
      updateDocumentContent: {
        documentId,
        requests: [{ insertText: { location: { index: 1 }, text: 'Audit\n' } }],
      },
      searchDocuments: { name: 'meeting' },
      createDocumentFile: { name: 'Audit document' },
      customAction: { method: 'GET', path: `/drive/v3/files/${documentId}`, query: { fields: 'id,name' } },
    },
    isApiCall: notToken,
    errorBody: (status, echo) => ({
      error: {
        code: status,
        message: `Refused (${status}) for ${echo}`,
        status: status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'PERMISSION_DENIED' : 'UNAVAILABLE',
      },
    }),
    issuedSecrets: () => {
      const tokens = [...sim.state.accessTokens.keys()];
      for (const grant of sim.state.grants.values()) {
        if (grant.refreshToken) tokens.push(grant.refreshToken);
      }
      return [...tokens, AUDIT_SECRETS.docsClientSecret];
    },
    close: () => sim.close(),
  };
}

/**
 * The credentials a request carries, as a provider would see them: the `Authorization` header (a
 * Basic one decoded), Amplitude's `api_key` in the body, and a token request's refresh token and
 * client secret.
 */
async function carriedCredentials(request: Request): Promise<string> {
  const found: string[] = [];
  const authorization = request.headers.get('authorization');
  if (authorization) {
    found.push(authorization);
    const [scheme, value] = authorization.split(' ');
    if (scheme?.toLowerCase() === 'basic' && value) found.push(Buffer.from(value, 'base64').toString('utf8'));
  }
  const text = await request.clone().text();
  try {
    const body = JSON.parse(text) as { api_key?: unknown };
    if (typeof body.api_key === 'string') found.push(body.api_key);
  } catch {
    const form = new URLSearchParams(text);
    for (const key of ['refresh_token', 'client_secret', 'code', 'code_verifier']) {
      const value = form.get(key);
      if (value) found.push(value);
    }
  }
  return found.join(' ');
}

/**
 * Makes the simulator answer `status` to every call `match` selects, with a body (the provider's
 * error body by default) echoing back whatever credentials that request carried (as a careless
 * provider or proxy might), sent as JSON, as text or as bytes (`application/octet-stream`).
 */
export function echoCredentials(
  subject: AuditSubject,
  status: number,
  options: {
    match?: (call: RecordedCall) => boolean;
    headers?: Record<string, string>;
    body?: (echo: string) => unknown;
    format?: 'json' | 'text' | 'bytes';
  } = {},
): void {
  const match = options.match ?? subject.isApiCall;
  subject.server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      if (!match({ method: request.method, path: url.pathname } as RecordedCall)) return undefined;
      const echo = await carriedCredentials(request);
      const body = (options.body ?? ((text) => subject.errorBody(status, text)))(echo);
      const headers = options.headers ?? {};
      if (options.format === 'text') {
        return new HttpResponse(String(body), {
          status,
          headers: { 'content-type': 'text/plain', ...headers },
        });
      }
      if (options.format === 'bytes') {
        return new HttpResponse(Buffer.from(String(body)), {
          status,
          headers: { 'content-type': 'application/octet-stream', ...headers },
        });
      }
      return HttpResponse.json(body as Record<string, unknown>, { status, headers });
    }),
  );
}

/** Starts the four simulators with the audit's credentials. */
export function startAuditSubjects(): Promise<AuditSubject[]> {
  return Promise.all([paymentsAudit(), analyticsAudit(), issuesAudit(), docsAudit()]);
}
