import {
  createTestServer,
  defineSimulator,
  type RunningSimulator,
  type SimulatorOAuth,
  type SimulatorStartOptions,
} from '@c/core/testing';
import { http, type RequestHandler } from 'msw';
import { DOCS_DISCOVERY_REVISION, DOCS_DRIVE_DISCOVERY_REVISION, DOCS_SCOPES } from '../docs-client.js';
import { createDocsContractCheck } from './google-contract.js';
import { docsRoute } from './google-docs-api.js';
import { driveRoute } from './google-drive-api.js';
import { DriveChangeFeed } from './google-drive-changes.js';
import { notFoundPage } from './google-errors.js';
import { approveConsent, authorizationPage, revokeEndpoint, tokenEndpoint } from './google-oauth.js';
import { exportDocsState, importDocsState } from './google-persistence.js';
import { type SeededFiles, seedDocsSandbox } from './google-seed.js';
import { DocsSimulatorState, type DocsStateOptions, type SimClient } from './google-state.js';

async function formOf(request: Request): Promise<URLSearchParams> {
  const text = await request.text();
  if (/json/i.test(request.headers.get('content-type') ?? '')) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      return new URLSearchParams(
        Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
      );
    } catch {
      return new URLSearchParams();
    }
  }
  return new URLSearchParams(text);
}

async function route(state: DocsSimulatorState, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname;
  const method = request.method;
  if (path === '/o/oauth2/v2/auth' && method === 'GET') return authorizationPage(state, url);
  if (path === '/o/oauth2/v2/auth/approve' && method === 'POST')
    return approveConsent(state, await formOf(request));
  if (path === '/token' && method === 'POST') {
    return tokenEndpoint(state, await formOf(request), request.headers.get('authorization'));
  }
  if (path === '/revoke' && method === 'POST') {
    const form = await formOf(request);
    return revokeEndpoint(state, form.get('token') ?? url.searchParams.get('token'));
  }
  const documents = /^\/v1\/documents(?:\/([^/:]+)(:batchUpdate)?)?$/.exec(path);
  if (documents) return docsRoute(state, request, url, documents[1], documents[2] !== undefined);
  if (path.startsWith('/drive/v3/') || path.startsWith('/upload/drive/v3/'))
    return driveRoute(state, request, url);
  return notFoundPage(path);
}

/**
 * The simulator's request handlers over one state: the Docs API (`/v1/documents…`), the Drive API
 * (`/drive/v3/…`, `/upload/drive/v3/…`) and Google's OAuth endpoints (`/o/oauth2/v2/auth`, `/token`,
 * `/revoke`), all on one origin.
 */
export function createDocsHandlers(state: DocsSimulatorState): RequestHandler[] {
  state.changeFeed ??= new DriveChangeFeed(state);
  return [http.all('*', ({ request }) => route(state, request))];
}

/** Options of the Google Docs simulator's `start`. */
export interface DocsSimulatorOptions extends DocsStateOptions, SimulatorStartOptions {
  /** Fill the simulator with the sandbox's documents and files (see `SeededFiles`). */
  seed?: boolean | undefined;
  /** The OAuth client of the sandbox connection (a fixed sandbox client by default). */
  client?: Partial<SimClient> | undefined;
}

/** What `docs.connect()` needs to reach the simulator: the sandbox account's tokens and the client. */
export interface DocsSimulatorCredentials extends Record<string, unknown> {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  clientId: string;
  clientSecret: string;
}

/** The connection options that point the connector at the simulator. */
export interface DocsSimulatorConnectionOptions extends Record<string, unknown> {
  baseUrl: string;
  fileApiBaseUrl: string;
  tokenUrl: string;
}

/** A running Google Docs simulator: the shared handle, plus its state and the seeded ids. */
export interface RunningDocsSimulator
  extends RunningSimulator<DocsSimulatorCredentials, DocsSimulatorConnectionOptions> {
  readonly connectorId: 'docs';
  /** The OAuth endpoints and client, for a host's Connect flow. */
  readonly oauth: SimulatorOAuth & { revocationUrl: string; clientSecret: string; scopes: string[] };
  /** Everything the simulator knows, for tests to arrange a scene (share, expire, revoke…). */
  readonly state: DocsSimulatorState;
  /** Ids of the seeded files, when started with `seed: true`. */
  readonly seeded: SeededFiles | undefined;
  /** Drive's change log and push channels: `notifications` sent so far, `idle()` to wait for those under way. */
  readonly changes: DriveChangeFeed;
  /** A JSON snapshot (version 1) of accounts, OAuth grants and tokens, files and the connection's tokens, for `importState` on a fresh simulator. */
  exportState(): unknown;
  /** Puts back what `exportState` returned (of this format version; another is refused before anything changes). */
  importState(state: unknown): void;
}

/**
 * Starts the Google Docs simulator on a loopback port: the Docs and Drive APIs and Google's OAuth
 * endpoints on one origin, every request checked against Google's discovery documents (recorded in
 * `server.violations`). It registers a sandbox OAuth client and issues tokens for the sandbox
 * account (alex@example.com) so that `connection` works at once; `reset()` returns to that scene,
 * with the same tokens.
 */
async function start(options: DocsSimulatorOptions = {}): Promise<RunningDocsSimulator> {
  const state = new DocsSimulatorState(options);
  const client = state.addClient({
    clientId: options.client?.clientId ?? 'sandbox-client.apps.googleusercontent.com',
    clientSecret: options.client?.clientSecret ?? 'GOCSPX-sandbox-client-secret',
    name: options.client?.name ?? 'Connector Sandbox',
    redirectUris: options.client?.redirectUris,
  });
  const seeded = options.seed ? seedDocsSandbox(state) : undefined;
  // The handlers keep a feed the state already has: this one, typed for `changes` below.
  const changes = new DriveChangeFeed(state);
  state.changeFeed = changes;
  const server = await createTestServer(createDocsHandlers(state), {
    port: options.port,
    host: options.host,
    check: createDocsContractCheck(options.contracts),
  });
  const tokens = state.issueTokens({ clientId: client.clientId });
  const initial = state.snapshot();
  const url = server.url;
  const credentials: DocsSimulatorCredentials = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
  };
  const initialCredentials = { ...credentials };
  return {
    connectorId: 'docs',
    url,
    server,
    state,
    connection: {
      credentials,
      options: { baseUrl: url, fileApiBaseUrl: url, tokenUrl: `${url}/token` },
    },
    oauth: {
      authorizationUrl: `${url}/o/oauth2/v2/auth`,
      tokenUrl: `${url}/token`,
      revocationUrl: `${url}/revoke`,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      scopes: [...DOCS_SCOPES],
    },
    seeded,
    changes,
    // The connection's tokens go with the data: they are the ones its clients hold.
    exportState: () => ({ ...exportDocsState(state), credentials: { ...credentials } }),
    importState(saved: unknown) {
      const kept = (saved as { credentials?: Partial<DocsSimulatorCredentials> } | null)?.credentials;
      importDocsState(state, saved);
      if (typeof kept?.accessToken === 'string' && typeof kept.refreshToken === 'string') {
        Object.assign(credentials, kept);
      }
    },
    reset() {
      state.restore(initial);
      Object.assign(credentials, initialCredentials);
      server.reset();
      server.clearFaults();
      server.resetHandlers();
    },
    close: () => server.close(),
  };
}

/**
 * The Google Docs simulator (`@c/docs/testing`): Google Docs API v1 and Drive API v3 as their
 * current discovery revisions describe them, with Google's OAuth endpoints, on one loopback origin.
 */
export const docsSimulator = defineSimulator({
  connectorId: 'docs',
  speaks: `Google Docs API v1 (discovery revision ${DOCS_DISCOVERY_REVISION}) and Google Drive API v3 (discovery revision ${DOCS_DRIVE_DISCOVERY_REVISION})`,
  start,
});

/** Starts the Google Docs simulator: `docsSimulator.start`. */
export const startDocsSimulator: (typeof docsSimulator)['start'] = docsSimulator.start;
