import { createTestServer, type TestServer } from '@c/core/testing';
import type { RequestHandler } from 'msw';
import {
  graphqlHandler,
  type LinearFault,
  type LinearRateLimits,
  type LinearSimulatorState,
  linearContractCheck,
} from './linear-handlers.js';
import { LinearOAuth } from './linear-oauth.js';
import { loadLinearSchema } from './linear-schema.js';
import { LINEAR_SEED, seedLinearWorkspace } from './linear-seed.js';
import { LinearWorkspace } from './linear-workspace.js';

/** Options of the simulator. */
export interface LinearSimulatorOptions {
  port?: number;
  host?: string;
  /** Fill the workspace with the sandbox data of `LINEAR_SEED` (default false: one user, no teams). */
  seed?: boolean;
  /** Linear's SDL; defaults to `C_LINEAR_SCHEMA` or the copy this package ships. */
  schemaPath?: string;
  /**
   * Record what Linear would refuse in `server.violations` (default true). The host's sandbox turns
   * it off: nobody reads the violations there. Invalid requests are refused either way.
   */
  contracts?: boolean;
  /** Lifetime of issued access tokens (Linear's: 24 hours). */
  accessTokenTtlSeconds?: number;
  /** Budgets per credential; refused only with `enforce: true` (default: headers only). */
  rateLimits?: Partial<LinearRateLimits>;
}

/** The simulator's state and handlers, without a server (for tests that build their own). */
export interface LinearSimulatorParts {
  state: LinearSimulatorState;
  handlers: RequestHandler[];
  /** The user the sandbox's credentials belong to. */
  viewerId: string;
  /** A personal API key of the viewer (sent bare in `Authorization`). */
  apiKey: string;
  /** The sandbox's OAuth application. */
  client: { clientId: string; clientSecret: string };
}

/** Builds the workspace, OAuth server and handlers; the schema is built once per process. */
export function createLinearSimulator(
  options: Omit<LinearSimulatorOptions, 'port' | 'host'> = {},
): LinearSimulatorParts {
  const workspace = new LinearWorkspace({ organizationName: 'Acme (sandbox)', urlKey: 'acme' });
  let viewerId: string;
  if (options.seed) {
    seedLinearWorkspace(workspace);
    viewerId = LINEAR_SEED.users.ada;
  } else {
    viewerId = workspace.addUser({ name: 'Sandbox User', email: 'sandbox@example.com', admin: true }).id;
  }
  const oauth = new LinearOAuth({
    approver: () => viewerId,
    ...(options.accessTokenTtlSeconds === undefined
      ? {}
      : { accessTokenTtlSeconds: options.accessTokenTtlSeconds }),
  });
  const client = oauth.addClient({ name: 'Connector sandbox' });
  const state: LinearSimulatorState = {
    workspace,
    oauth,
    schema: loadLinearSchema(options.schemaPath),
    faults: [],
    rateLimits: {
      requestsPerHour: 5000,
      complexityPerHour: 3_000_000,
      enforce: false,
      ...options.rateLimits,
    },
  };
  return {
    state,
    handlers: [graphqlHandler(state), ...oauth.handlers()],
    viewerId,
    apiKey: workspace.addApiKey(viewerId),
    client: { clientId: client.clientId, clientSecret: client.clientSecret },
  };
}

/** A running Linear simulator: what the host's sandbox, the tests and the bench connect to. */
export interface IssuesSandbox {
  /** `http://127.0.0.1:<port>`: the connection's `baseUrl`. */
  url: string;
  /** `<url>/graphql`, e.g. `@linear/sdk`'s `apiUrl`. */
  graphqlUrl: string;
  server: TestServer;
  workspace: LinearWorkspace;
  state: LinearSimulatorState;
  /** Exactly what `issues.connect({ credentials, ...options })` needs: a fresh OAuth grant with refresh. */
  connection: {
    credentials: {
      accessToken: string;
      refreshToken: string;
      expiresAt: number;
      clientId: string;
      clientSecret: string;
    };
    options: { baseUrl: string; tokenUrl: string };
  };
  /** A personal API key of the same user. */
  apiKey: string;
  viewerId: string;
  oauth: {
    authorizationUrl: string;
    tokenUrl: string;
    revokeUrl: string;
    clientId: string;
    clientSecret: string;
    scopes: string[];
    server: LinearOAuth;
  };
  /** Injects a failure into the next matching GraphQL request(s). */
  failNext(fault: LinearFault): void;
  clearFaults(): void;
  close(): Promise<void>;
}

/**
 * Starts the Linear simulator on a loopback port: GraphQL at `/graphql` executed against Linear's
 * schema over an in-memory workspace, OAuth at `/oauth/authorize`, `/oauth/token` and
 * `/oauth/revoke`, and every request checked against Linear's contract (`server.violations`).
 */
export async function startIssuesSimulator(options: LinearSimulatorOptions = {}): Promise<IssuesSandbox> {
  const parts = createLinearSimulator(options);
  const { state } = parts;
  const server = await createTestServer(parts.handlers, {
    port: options.port,
    host: options.host,
    check: options.contracts === false ? undefined : linearContractCheck(state),
  });
  // The scopes the connector asks for.
  const scopes = ['read', 'write', 'issues:create'];
  const grant = state.oauth.issueGrant({ clientId: parts.client.clientId, userId: parts.viewerId, scopes });
  return {
    url: server.url,
    graphqlUrl: `${server.url}/graphql`,
    server,
    workspace: state.workspace,
    state,
    connection: {
      credentials: {
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken,
        expiresAt: grant.accessExpiresAt,
        ...parts.client,
      },
      options: { baseUrl: server.url, tokenUrl: `${server.url}/oauth/token` },
    },
    apiKey: parts.apiKey,
    viewerId: parts.viewerId,
    oauth: {
      authorizationUrl: `${server.url}/oauth/authorize`,
      tokenUrl: `${server.url}/oauth/token`,
      revokeUrl: `${server.url}/oauth/revoke`,
      ...parts.client,
      scopes,
      server: state.oauth,
    },
    failNext: (fault) => {
      state.faults.push({ ...fault, left: fault.times ?? 1 });
    },
    clearFaults: () => {
      state.faults.length = 0;
    },
    close: () => server.close(),
  };
}
