import { HttpResponse, http } from 'msw';
import type { CommandDetail, Connection, ConnectorInfo, ErrorJson, HistoryRun, SandboxView } from '../types';
import fixtures from './__fixtures__/commands.json';

/** The token the mock accepts at sign-in. */
export const mockToken = 'c-host-token';

/** A call the mock received. */
export interface MockCall {
  method: string;
  path: string;
  body: unknown;
}

type RunHandler = (
  input: Record<string, unknown>,
  connection: string | undefined,
) => { status?: number; body: unknown };

function error(status: number, json: ErrorJson) {
  return { status, body: { error: json } };
}

/**
 * The connectors as the mock host lists them: shortened schemas and made-up OAuth addresses, but each
 * `env` as its package declares it (connector-free.test.ts compares them).
 */
export const mockConnectors: ConnectorInfo[] = [
  {
    id: 'payments',
    title: 'Payments',
    description: 'Stripe: customers, subscriptions, products.',
    auth: { type: 'apiKey' },
    credentialsSchema: {
      type: 'object',
      properties: {
        apiKey: {
          type: 'string',
          minLength: 1,
          title: 'API Key',
          description: 'sk_test_…, sk_live_… or rk_…',
        },
      },
      required: ['apiKey'],
      additionalProperties: false,
    },
    optionsSchema: {
      type: 'object',
      properties: {
        baseUrl: { type: 'string', format: 'uri', title: 'Base URL', description: 'Where the API is.' },
      },
      additionalProperties: false,
    },
    env: {
      C_PAYMENTS_API_KEY: 'credentials.apiKey',
      C_PAYMENTS_BASE_URL: 'baseUrl',
      C_PAYMENTS_API_VERSION: 'apiVersion',
    },
    oauthConfigured: false,
  },
  {
    id: 'analytics',
    title: 'Product Analytics',
    description: 'Amplitude: user counts, segmentation, export.',
    auth: { type: 'basic' },
    credentialsSchema: {
      type: 'object',
      properties: {
        apiKey: { type: 'string', minLength: 1, title: 'API Key' },
        secretKey: { type: 'string', minLength: 1, title: 'Secret Key' },
      },
      required: ['apiKey', 'secretKey'],
    },
    optionsSchema: { type: 'object', properties: {} },
    env: {
      C_ANALYTICS_API_KEY: 'credentials.apiKey',
      C_ANALYTICS_SECRET_KEY: 'credentials.secretKey',
      C_ANALYTICS_REGION: 'region',
      C_ANALYTICS_BASE_URL: 'baseUrl',
      C_ANALYTICS_INGESTION_BASE_URL: 'ingestionBaseUrl',
      C_ANALYTICS_PROFILE_BASE_URL: 'profileBaseUrl',
    },
    oauthConfigured: false,
  },
  {
    id: 'issues',
    title: 'Issue Tracking',
    description: 'Linear: issues, projects, teams.',
    auth: {
      type: 'oauth2',
      authorizationUrl: 'http://linear/authorize',
      tokenUrl: 'http://linear/token',
      scopes: ['read'],
      alternatives: ['apiKey'],
    },
    credentialsSchema: {
      anyOf: [
        {
          type: 'object',
          properties: { accessToken: { type: 'string' }, refreshToken: { type: 'string' } },
          required: ['accessToken'],
        },
        {
          type: 'object',
          properties: { apiKey: { type: 'string', title: 'Personal API key' } },
          required: ['apiKey'],
        },
      ],
    },
    optionsSchema: { type: 'object', properties: {} },
    env: {
      C_ISSUES_ACCESS_TOKEN: 'credentials.accessToken',
      C_ISSUES_REFRESH_TOKEN: 'credentials.refreshToken',
      C_ISSUES_CLIENT_ID: 'credentials.clientId',
      C_ISSUES_CLIENT_SECRET: 'credentials.clientSecret',
      C_ISSUES_API_KEY: 'credentials.apiKey',
      C_ISSUES_BASE_URL: 'baseUrl',
      C_ISSUES_TOKEN_URL: 'tokenUrl',
    },
    oauthConfigured: true,
  },
  {
    id: 'docs',
    title: 'Documents',
    description: 'Google Docs and Drive.',
    auth: {
      type: 'oauth2',
      authorizationUrl: 'http://google/authorize',
      tokenUrl: 'http://google/token',
      scopes: ['docs'],
    },
    credentialsSchema: {
      type: 'object',
      properties: { accessToken: { type: 'string' } },
      required: ['accessToken'],
    },
    optionsSchema: { type: 'object', properties: {} },
    env: {
      C_DOCS_ACCESS_TOKEN: 'credentials.accessToken',
      C_DOCS_REFRESH_TOKEN: 'credentials.refreshToken',
      C_DOCS_CLIENT_ID: 'credentials.clientId',
      C_DOCS_CLIENT_SECRET: 'credentials.clientSecret',
      C_DOCS_BASE_URL: 'baseUrl',
      C_DOCS_FILE_API_BASE_URL: 'fileApiBaseUrl',
      C_DOCS_TOKEN_URL: 'tokenUrl',
    },
    oauthConfigured: true,
  },
];

/** A saved connection as the host lists it, sandbox and default unless `extra` says otherwise. */
export function connection(name: string, connector: string, extra: Partial<Connection> = {}): Connection {
  return {
    name,
    connector,
    isDefault: true,
    sandbox: true,
    status: 'ok',
    credentialHints: { apiKey: 'sk_test_…4242' },
    options: { baseUrl: 'http://127.0.0.1:12111' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

const defaultRuns: Record<string, RunHandler> = {
  'payments.getCustomers': () => ({
    body: {
      result: {
        object: 'list',
        data: [
          {
            id: 'cus_Ada1',
            object: 'customer',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            created: 1700000000,
          },
          {
            id: 'cus_Alan2',
            object: 'customer',
            name: 'Alan Turing',
            email: 'alan@example.com',
            created: 1700000100,
          },
        ],
        has_more: false,
        url: '/v1/customers',
      },
    },
  }),
  'payments.getCustomerById': (input) =>
    input.customerId === 'cus_revoked'
      ? error(401, {
          name: 'AuthError',
          kind: 'auth',
          message: 'Stripe refused the API key: reconnect the connection',
          retryable: false,
          status: 401,
          providerMessage: 'Invalid API Key provided: sk_test_…4242',
          providerCode: 'api_key_invalid',
          requestId: 'req_123',
          needsReconnect: true,
        })
      : { body: { result: { id: input.customerId, object: 'customer', name: 'Ada Lovelace' } } },
  'analytics.activeAndNewUserCounts': (input) =>
    String(input.end) < String(input.start)
      ? error(400, {
          name: 'ValidationError',
          kind: 'validation',
          message: 'Invalid parameter "end": must be on or after start',
          retryable: false,
          parameter: 'end',
        })
      : {
          body: {
            result: {
              data: {
                series: [[120, 132, 101, 154]],
                seriesMeta: ['All users'],
                xValues: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'],
              },
            },
          },
        },
  'analytics.getChartResults': (input) => ({
    body: {
      result:
        input.type === 'csv'
          ? { csv: '"Weekly signups"\n\nDate,Signups,Rate\n2026-11-01,12,1.5%\n2026-11-08,"1,204",2.0%\n' }
          : { data: { series: [[1, 2]], xValues: ['a', 'b'] } },
    },
  }),
  'issues.customGraphqlAction': (input) => {
    const query = String(input.query);
    if (query.includes('TeamStates')) {
      const id = (input.variables as { id?: string } | undefined)?.id;
      const states =
        id === 'team-eng'
          ? [
              { id: 'state-todo', name: 'Todo', type: 'unstarted' },
              { id: 'state-doing', name: 'In Progress', type: 'started' },
            ]
          : [{ id: 'state-ops-open', name: 'Open', type: 'unstarted' }];
      return { body: { result: { team: { id, states: { nodes: states } } } } };
    }
    if (query.includes('users(')) {
      const users = [
        { id: 'user-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
        { id: 'user-alan', name: 'Alan Turing', email: 'alan@example.com' },
      ];
      return { body: { result: { users: { nodes: users } } } };
    }
    if (query.includes('issueLabels(')) {
      const labels = [
        { id: 'label-bug', name: 'Bug', team: null },
        { id: 'label-feature', name: 'Feature', team: { key: 'ENG' } },
      ];
      return { body: { result: { issueLabels: { nodes: labels } } } };
    }
    return {
      body: {
        result: {
          teams: {
            nodes: [
              { id: 'team-eng', key: 'ENG', name: 'Engineering' },
              { id: 'team-ops', key: 'OPS', name: 'Operations' },
            ],
          },
        },
      },
    };
  },
  'issues.searchIssues': () => ({
    body: {
      result: {
        nodes: [{ id: 'issue-1', identifier: 'ENG-1', title: 'Crash on start', priority: 2 }],
        pageInfo: { hasNextPage: false, endCursor: 'issue-1' },
      },
    },
  }),
  'issues.searchTeams': (input) => ({
    body: {
      result: {
        nodes: [{ id: 'team-eng', key: 'ENG', name: 'Engineering' }].filter((team) =>
          team.name.toLowerCase().includes(String(input.name).toLowerCase()),
        ),
      },
    },
  }),
};

/** An async run the mock took, as `GET /api/runs/{id}` answers it once it ended. */
interface BackgroundRun {
  id: string;
  command: string;
  connection: string;
  status: 'succeeded' | 'failed' | 'canceled';
  progress: { message: string; current: number; total: number };
  result: unknown;
  error: ErrorJson | null;
  createdAt: string;
  /** Still going as far as `GET /api/runs/{id}` tells: no event stream has delivered its end yet. */
  going: boolean;
  /** Ends the event streams held open (`holdRuns`) with the run's end. */
  ends: (() => void)[];
}

function runView({ going: _going, ends: _ends, ...run }: BackgroundRun) {
  return { ...run, startedAt: run.createdAt, finishedAt: run.createdAt };
}

function sse(type: string, data: object): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A stateful stand-in for the host's HTTP API (the contract in the web README), for component tests. */
export function createMockHost(options: { signedIn?: boolean; connections?: Connection[] } = {}) {
  const state = {
    signedIn: options.signedIn ?? true,
    connections: options.connections ?? [
      connection('sandbox-payments', 'payments'),
      connection('sandbox-analytics', 'analytics', {
        credentialHints: { apiKey: 'sand…ics1', secretKey: 'sand…ret1' },
      }),
      connection('sandbox-issues', 'issues', { credentialHints: { accessToken: 'lin_…abcd' } }),
    ],
    runs: { ...defaultRuns } as Record<string, RunHandler>,
    calls: [] as MockCall[],
    /** Async runs (`POST /api/runs`), answered at once from `runs`. */
    backgroundRuns: [] as BackgroundRun[],
    /** The host's run history (`GET /api/runs`), newest first: each run here adds its line. */
    history: [] as HistoryRun[],
    /** Keep event streams open after the progress, as a long run would (until the client leaves). */
    holdRuns: false,
    /** How many event streams to cut after the progress, before their end, as a proxy might. */
    cutEventStreams: 0,
    /** What `GET /api/sandbox` answers: the sandbox payments simulator, running. */
    sandbox: {
      running: true,
      pid: 4242,
      simulators: [
        {
          connector: 'payments',
          connection: 'sandbox-payments',
          baseUrl: 'http://127.0.0.1:12111',
          env: { C_PAYMENTS_API_KEY: 'sk_test_sandboxKey123', C_PAYMENTS_BASE_URL: 'http://127.0.0.1:12111' },
        },
      ],
    } as SandboxView,
  };
  const commands = Object.entries(
    fixtures as Record<
      string,
      {
        title: string;
        annotations: CommandDetail['annotations'];
        inputSchema: object;
        lookups?: CommandDetail['lookups'];
      }
    >,
  ).map(([id, entry]): CommandDetail => {
    const [connector = '', key = ''] = id.split('.');
    return {
      id,
      connector,
      key,
      title: entry.title,
      description: `${entry.title} on ${connector}.`,
      annotations: entry.annotations,
      toolName: id.replace('.', '_'),
      inputSchema: entry.inputSchema as Record<string, unknown>,
      lookups: entry.lookups ?? {},
    };
  });

  const guard = (handler: Parameters<typeof http.all>[1]): Parameters<typeof http.all>[1] =>
    (async (info) => {
      const url = new URL(info.request.url);
      const body =
        info.request.method === 'GET'
          ? undefined
          : await info.request
              .clone()
              .json()
              .catch(() => undefined);
      state.calls.push({ method: info.request.method, path: url.pathname + url.search, body });
      if (!state.signedIn) {
        return HttpResponse.json(
          {
            error: {
              name: 'AuthError',
              kind: 'auth',
              message: 'Missing or wrong access token',
              retryable: false,
            },
          },
          { status: 401, headers: { 'www-authenticate': 'Bearer realm="c-host"' } },
        );
      }
      return handler(info);
    }) as Parameters<typeof http.all>[1];

  const handlers = [
    http.get('*/api/health', () => HttpResponse.json({ ok: true, version: '0.0.0-test' })),
    http.post('*/api/session', async ({ request }) => {
      const { token } = (await request.json()) as { token?: string };
      state.calls.push({ method: 'POST', path: '/api/session', body: { token: '<redacted>' } });
      if (token !== mockToken) {
        return HttpResponse.json(
          { error: { name: 'AuthError', kind: 'auth', message: 'Wrong access token', retryable: false } },
          { status: 401 },
        );
      }
      state.signedIn = true;
      return HttpResponse.json({ ok: true });
    }),
    http.get(
      '*/api/connectors',
      guard(() => HttpResponse.json(mockConnectors)),
    ),
    http.get(
      '*/api/commands',
      guard(() =>
        HttpResponse.json(commands.map(({ inputSchema: _schema, lookups: _lookups, ...summary }) => summary)),
      ),
    ),
    http.get(
      '*/api/commands/:id',
      guard(({ params }) => {
        const found = commands.find((command) => command.id === params.id);
        return found
          ? HttpResponse.json(found)
          : HttpResponse.json(
              { error: { name: 'ValidationError', kind: 'validation', message: 'Unknown command' } },
              { status: 404 },
            );
      }),
    ),
    http.post(
      '*/api/commands/:id/run',
      guard(async ({ params, request }) => {
        const {
          input = {},
          connection: name,
          lookup,
        } = (await request.json()) as {
          input?: Record<string, unknown>;
          connection?: string;
          lookup?: boolean;
        };
        const handler = state.runs[String(params.id)];
        const answer = handler ? handler(input, name) : { body: { result: { echoed: input } } };
        const status = answer.status ?? 200;
        // A lookup fills a choice list: the host leaves it out of the history.
        if (lookup) return HttpResponse.json(answer.body as object, { status });
        const runId = `10000000-0000-4000-8000-${String(state.history.length + 1).padStart(12, '0')}`;
        const error = (answer.body as { error?: ErrorJson }).error;
        state.history.unshift({
          id: runId,
          at: new Date().toISOString(),
          command: String(params.id),
          connection: name ?? 'default',
          surface: 'web',
          actor: 'session:0123456789ab',
          status: status < 400 ? 'succeeded' : 'failed',
          outcome: status < 400 ? 'ok' : (error?.kind ?? 'internal'),
          ...(error ? { message: error.message } : {}),
          durationMs: 12,
          dryRun: false,
        });
        return HttpResponse.json(answer.body as object, { status, headers: { 'c-run-id': runId } });
      }),
    ),
    http.get(
      '*/api/runs',
      guard(({ request }) => {
        const query = new URL(request.url).searchParams;
        const runs = state.history.filter(
          (run) =>
            (!query.get('surface') || run.surface === query.get('surface')) &&
            (!query.get('status') || run.status === query.get('status')) &&
            (!query.get('connection') || run.connection === query.get('connection')),
        );
        return HttpResponse.json({ runs });
      }),
    ),
    http.post(
      '*/api/runs',
      guard(async ({ request }) => {
        const {
          command,
          connection: name,
          input = {},
        } = (await request.json()) as {
          command: string;
          connection?: string;
          input?: Record<string, unknown>;
        };
        const handler = state.runs[command];
        const answer = handler ? handler(input, name) : { body: { result: { echoed: input } } };
        const body = answer.body as { result?: unknown; error?: ErrorJson };
        const ok = (answer.status ?? 200) < 400;
        const id = `00000000-0000-4000-8000-00000000000${state.backgroundRuns.length + 1}`;
        state.backgroundRuns.push({
          id,
          command,
          connection: name ?? 'default',
          status: ok ? 'succeeded' : 'failed',
          progress: { message: 'Reading', current: 1, total: 2 },
          result: ok ? body.result : null,
          error: ok ? null : (body.error ?? null),
          createdAt: '2026-11-24T12:00:00.000Z',
          going: true,
          ends: [],
        });
        return HttpResponse.json(
          { id, status: 'queued' },
          { status: 202, headers: { location: `/api/runs/${id}` } },
        );
      }),
    ),
    http.get(
      '*/api/runs/:id/events',
      guard(({ params, request }) => {
        const found = state.backgroundRuns.find((entry) => entry.id === params.id);
        if (!found)
          return HttpResponse.json(
            { error: { name: 'NotFoundError', kind: 'not_found', message: 'No such run', retryable: false } },
            { status: 404 },
          );
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            const { id } = found;
            controller.enqueue(encoder.encode(sse('status', { id, status: 'queued' })));
            controller.enqueue(encoder.encode(sse('status', { id, status: 'running' })));
            // A keep-alive comment, and an event split across two chunks, as a network delivers them.
            controller.enqueue(encoder.encode(': still running\n\nevent: progress\ndata: {"id":'));
            controller.enqueue(encoder.encode(`"${id}","progress":${JSON.stringify(found.progress)}}\n\n`));
            if (state.cutEventStreams > 0) {
              state.cutEventStreams -= 1;
              controller.close();
              return;
            }
            const end = () => {
              found.going = false;
              controller.enqueue(
                encoder.encode(sse('end', { id, status: found.status, error: found.error })),
              );
              controller.close();
            };
            if (state.holdRuns) {
              request.signal.addEventListener('abort', () => controller.close());
              found.ends.push(end);
              return;
            }
            end();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
      }),
    ),
    http.post(
      '*/api/runs/:id/cancel',
      guard(({ params }) => {
        const found = state.backgroundRuns.find((entry) => entry.id === params.id);
        if (!found)
          return HttpResponse.json(
            { error: { name: 'NotFoundError', kind: 'not_found', message: 'No such run', retryable: false } },
            { status: 404 },
          );
        // Canceling again is harmless, as on the host.
        if (found.status === 'canceled') return HttpResponse.json(runView(found));
        if (!found.going) {
          const message = `Run "${found.id}" has already ${found.status}: there is nothing to cancel`;
          return HttpResponse.json(
            { error: { name: 'ValidationError', kind: 'validation', message, retryable: false } },
            { status: 409 },
          );
        }
        // Its worker cuts it off: the streams held open end `canceled`.
        Object.assign(found, { status: 'canceled', result: null, error: null });
        const answer = { ...runView(found), status: 'canceling', finishedAt: null };
        for (const end of found.ends.splice(0)) end();
        return HttpResponse.json(answer, { status: 202 });
      }),
    ),
    http.get(
      '*/api/runs/:id',
      guard(({ params }) => {
        const found = state.backgroundRuns.find((entry) => entry.id === params.id);
        return found
          ? HttpResponse.json(
              found.going
                ? { ...runView(found), status: 'running', result: null, error: null, finishedAt: null }
                : runView(found),
            )
          : HttpResponse.json(
              {
                error: { name: 'NotFoundError', kind: 'not_found', message: 'No such run', retryable: false },
              },
              { status: 404 },
            );
      }),
    ),
    http.get(
      '*/api/connections',
      guard(() => HttpResponse.json(state.connections)),
    ),
    http.get(
      '*/api/sandbox',
      guard(() => HttpResponse.json(state.sandbox)),
    ),
    http.post(
      '*/api/connections',
      guard(async ({ request }) => {
        const body = (await request.json()) as {
          name: string;
          connector: string;
          credentials: Record<string, string>;
        };
        if (state.connections.some((entry) => entry.name === body.name)) {
          return HttpResponse.json(
            {
              error: {
                name: 'ValidationError',
                kind: 'validation',
                message: `Invalid parameter "name": a connection named "${body.name}" already exists`,
                parameter: 'name',
                retryable: false,
              },
            },
            { status: 409 },
          );
        }
        if (body.credentials.apiKey === 'sk_test_bad') {
          return HttpResponse.json(
            {
              error: {
                name: 'AuthError',
                kind: 'auth',
                message: 'Stripe refused the API key',
                providerMessage: 'Invalid API Key provided',
                retryable: false,
                status: 401,
              },
            },
            { status: 401 },
          );
        }
        const created = connection(body.name, body.connector, {
          sandbox: false,
          isDefault: false,
          credentialHints: { apiKey: 'sk_t…good' },
        });
        state.connections.push(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    ),
    http.delete(
      '*/api/connections/:name',
      guard(({ params }) => {
        state.connections = state.connections.filter((entry) => entry.name !== params.name);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.post(
      '*/api/connections/:name/test',
      guard(() => HttpResponse.json({ ok: true })),
    ),
    http.post(
      '*/api/connections/:name/default',
      guard(({ params }) => {
        const target = state.connections.find((entry) => entry.name === params.name);
        for (const entry of state.connections) {
          if (entry.connector === target?.connector) entry.isDefault = entry.name === params.name;
        }
        return HttpResponse.json(target);
      }),
    ),
  ];
  return { state, handlers, commands, connectors: mockConnectors };
}
