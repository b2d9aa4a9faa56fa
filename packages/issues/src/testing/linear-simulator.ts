import {
  createTestServer,
  defineSimulator,
  type RunningSimulator,
  type SimulatorOAuth,
  type SimulatorStartOptions,
} from '@c/core/testing';
import { ISSUES_API_VERSION } from '../issues-client.js';
import {
  graphqlHandler,
  type LinearFault,
  type LinearRateLimits,
  type LinearSimulatorState,
  linearContractCheck,
} from './linear-handlers.js';
import {
  LinearOAuth,
  type LinearOAuthClient,
  type LinearOAuthGrant,
  type LinearOAuthSnapshot,
} from './linear-oauth.js';
import { loadLinearSchema } from './linear-schema.js';
import { LINEAR_SEED, seedLinearWorkspace } from './linear-seed.js';
import { LinearWebhookDispatcher } from './linear-webhooks.js';
import { LinearWorkspace, type LinearWorkspaceSnapshot } from './linear-workspace.js';

/** Options of the simulator. */
export interface LinearSimulatorOptions extends SimulatorStartOptions {
  /** Fill the workspace with the sandbox data of `LINEAR_SEED` (default false: one user, no teams). */
  seed?: boolean | undefined;
  /** Linear's SDL; defaults to `C_LINEAR_SCHEMA` or the copy this package ships. */
  schemaPath?: string | undefined;
  /** Lifetime of issued access tokens (Linear's: 24 hours). */
  accessTokenTtlSeconds?: number | undefined;
  /** Budgets per credential; refused only with `enforce: true` (default: headers only). */
  rateLimits?: Partial<LinearRateLimits> | undefined;
  /** Waits before each retry of a failed webhook delivery (Linear's: 1 minute, 1 hour, 6 hours). */
  webhookRetryDelaysMs?: readonly number[] | undefined;
}

/** What `issues.connect()` needs to reach the simulator: a fresh OAuth grant with refresh. */
export type LinearSimulatorCredentials = {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  clientId: string;
  clientSecret: string;
};

/** A running Linear simulator: what the host's sandbox, the tests and the bench connect to. */
export interface RunningIssuesSimulator
  extends RunningSimulator<LinearSimulatorCredentials, { baseUrl: string; tokenUrl: string }> {
  readonly connectorId: 'issues';
  /** `<url>/graphql`, e.g. `@linear/sdk`'s `apiUrl`. */
  readonly graphqlUrl: string;
  /** The in-memory workspace (a new one after each `reset()`). */
  readonly workspace: LinearWorkspace;
  /** What the handlers share; `state.oauth` issues, expires and revokes grants. */
  readonly state: LinearSimulatorState;
  /** A personal API key of the viewer (sent bare in `Authorization`). */
  readonly apiKey: string;
  /** The user the sandbox's credentials belong to. */
  readonly viewerId: string;
  readonly oauth: SimulatorOAuth & { revocationUrl: string; clientSecret: string; scopes: string[] };
  /** Injects a failure into the next matching GraphQL request(s). */
  failNext(fault: LinearFault): void;
  clearFaults(): void;
  /** The webhook deliveries: `attempts` made so far, `idle()` to wait for those under way. */
  readonly webhooks: LinearWebhookDispatcher;
  /** A JSON snapshot (version 1) of the workspace, OAuth grants, API key and connection, for `importState` on a fresh simulator. */
  exportState(): unknown;
  /** Puts back what `exportState` returned (of this format version; another is refused before anything changes). */
  importState(state: unknown): void;
}

/** The scopes the connector asks for (`admin` to create the webhooks of `issues.event`). */
const SCOPES = ['read', 'write', 'issues:create', 'admin'];

/** A workspace as the simulator starts with it: seeded, or one admin (with this id when given). */
function newWorkspace(seed: boolean, viewerId?: string): { workspace: LinearWorkspace; viewerId: string } {
  const workspace = new LinearWorkspace({ organizationName: 'Acme (sandbox)', urlKey: 'acme' });
  if (seed) {
    seedLinearWorkspace(workspace);
    return { workspace, viewerId: LINEAR_SEED.users.ada };
  }
  const viewer = workspace.addUser({
    id: viewerId,
    name: 'Sandbox User',
    email: 'sandbox@example.com',
    admin: true,
  });
  return { workspace, viewerId: viewer.id };
}

/**
 * Starts the Linear simulator on a loopback port: GraphQL at `/graphql` executed against Linear's
 * schema over an in-memory workspace, OAuth at `/oauth/authorize`, `/oauth/token` and
 * `/oauth/revoke`, and every request checked against Linear's contract (`server.violations`).
 */
async function start(options: LinearSimulatorOptions = {}): Promise<RunningIssuesSimulator> {
  const seed = options.seed ?? false;
  const { workspace, viewerId: viewer } = newWorkspace(seed);
  // Mutable: an imported state brings back the viewer, key, application and grant its clients hold.
  let viewerId = viewer;
  let apiKey = workspace.addApiKey(viewerId);
  const oauth = new LinearOAuth({
    approver: () => viewerId,
    ...(options.accessTokenTtlSeconds === undefined
      ? {}
      : { accessTokenTtlSeconds: options.accessTokenTtlSeconds }),
  });
  let client = oauth.addClient({ name: 'Connector sandbox' });
  let grant: LinearOAuthGrant = {
    ...oauth.issueGrant({ clientId: client.clientId, userId: viewerId, scopes: SCOPES }),
  };
  const rateLimits: LinearRateLimits = {
    requestsPerHour: 5000,
    complexityPerHour: 3_000_000,
    enforce: false,
    ...options.rateLimits,
  };
  const state: LinearSimulatorState = {
    workspace,
    oauth,
    schema: loadLinearSchema(options.schemaPath),
    faults: [],
    rateLimits: { ...rateLimits },
    budgets: new Map(),
    webhooks: new LinearWebhookDispatcher({ retryDelaysMs: options.webhookRetryDelaysMs }),
  };
  const server = await createTestServer([graphqlHandler(state), ...oauth.handlers()], {
    port: options.port,
    host: options.host,
    check: options.contracts === false ? undefined : linearContractCheck(state),
  });
  const url = server.url;
  const credentials: LinearSimulatorCredentials = {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken,
    expiresAt: grant.accessExpiresAt,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
  };
  const oauthClient = {
    authorizationUrl: `${url}/oauth/authorize`,
    tokenUrl: `${url}/oauth/token`,
    revocationUrl: `${url}/oauth/revoke`,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    scopes: SCOPES,
  };
  return {
    connectorId: 'issues',
    url,
    graphqlUrl: `${url}/graphql`,
    server,
    get workspace() {
      return state.workspace;
    },
    state,
    webhooks: state.webhooks,
    connection: {
      credentials,
      options: { baseUrl: url, tokenUrl: `${url}/oauth/token` },
    },
    get apiKey() {
      return apiKey;
    },
    get viewerId() {
      return viewerId;
    },
    oauth: oauthClient,
    exportState: (): LinearSimulatorSnapshot => ({
      version: LINEAR_STATE_VERSION,
      workspace: state.workspace.export(),
      oauth: state.oauth.export(),
      scene: structuredClone({ viewerId, apiKey, client, grant, credentials }),
    }),
    importState(saved: unknown) {
      const snapshot = saved as Partial<LinearSimulatorSnapshot> | null;
      if (snapshot?.version !== LINEAR_STATE_VERSION) {
        throw new Error(
          `Not a Linear simulator state of version ${LINEAR_STATE_VERSION} (got version ${String(snapshot?.version)})`,
        );
      }
      const scene = structuredClone(snapshot.scene);
      if (!scene?.client || !scene.grant || !scene.credentials || typeof scene.apiKey !== 'string') {
        throw new Error('The Linear simulator state is incomplete');
      }
      // A new workspace, swapped in once read; the OAuth state checks its snapshot before it changes.
      const restored = new LinearWorkspace();
      restored.load(snapshot.workspace!);
      state.oauth.load(snapshot.oauth!);
      state.workspace = restored;
      ({ viewerId, apiKey, client, grant } = scene);
      Object.assign(credentials, scene.credentials);
      Object.assign(oauthClient, { clientId: client.clientId, clientSecret: client.clientSecret });
      state.budgets.clear();
    },
    failNext: (fault) => {
      state.faults.push({ ...fault, left: fault.times ?? 1 });
    },
    clearFaults: () => {
      state.faults.length = 0;
    },
    reset() {
      // The same viewer, API key, OAuth application and grant as at the start, so a client
      // connected before the reset keeps working after it.
      state.workspace = newWorkspace(seed, viewerId).workspace;
      state.workspace.addApiKey(viewerId, apiKey);
      state.oauth.clear();
      state.oauth.addClient({ ...client });
      state.oauth.issueGrant({ ...grant });
      state.faults.length = 0;
      state.rateLimits = { ...rateLimits };
      state.budgets.clear();
      state.webhooks.clear();
      server.clearFaults();
      server.resetHandlers();
      server.reset();
    },
    close: () => {
      state.webhooks.clear();
      return server.close();
    },
  };
}

/**
 * The Linear simulator: Linear's GraphQL API (the schema of `@linear/sdk` 98.0.0) and OAuth
 * server on loopback, for tests, the host's sandbox and the bench.
 */
/** The format version of the Linear simulator's `exportState`; a snapshot of another version is refused. */
export const LINEAR_STATE_VERSION = 1;

/** What the Linear simulator's `exportState` returns: JSON. */
export interface LinearSimulatorSnapshot {
  version: typeof LINEAR_STATE_VERSION;
  workspace: LinearWorkspaceSnapshot;
  oauth: LinearOAuthSnapshot;
  /** The viewer, API key, application and grant the simulator started with, and its connection. */
  scene: {
    viewerId: string;
    apiKey: string;
    client: LinearOAuthClient;
    grant: LinearOAuthGrant;
    credentials: LinearSimulatorCredentials;
  };
}

export const issuesSimulator = defineSimulator({
  connectorId: 'issues',
  speaks: `Linear GraphQL API (schema of @linear/sdk ${ISSUES_API_VERSION})`,
  start,
});

/** Starts the Linear simulator (`issuesSimulator.start`): the sandbox, the bench and tests call it. */
export const startIssuesSimulator = issuesSimulator.start;
