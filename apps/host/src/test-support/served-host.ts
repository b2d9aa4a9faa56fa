import type { Connector } from '@c/core';
import type { TestServer } from '@c/core/testing';
import { type PaymentsSandbox, startPaymentsSimulator } from '@c/payments/testing';
import type { FastifyInstance } from 'fastify';
import { createHttpServer } from '../http/server.js';
import { FAKE_KEY, startFakeProvider, things } from './fake-connector.js';
import { tempDir, tempHost } from './temp-host.js';

// The setups the HTTP, MCP and CLI tests share: a host with its access initialised and a `main`
// connection to a provider on loopback, served on a free port; or the Stripe simulator and the
// environment of `c-host` processes sharing one data directory.

/** A host served over HTTP on loopback, and how to end it. */
export interface ServedHost {
  host: Awaited<ReturnType<typeof tempHost>>;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  close(): Promise<void>;
}

/** The `main` connection the host is given. */
interface MainConnection {
  connector: string;
  credentials: Record<string, unknown>;
  options: Record<string, unknown>;
}

/** What else a served host is given: environment variables of its configuration (`C_HOST_…`). */
interface ServedOptions {
  env?: Record<string, string>;
}

/** A host with these connectors and a `main` connection, its access initialised, served on loopback. */
export async function servedHost(
  connectors: Connector[],
  token: string,
  main: MainConnection,
  options: ServedOptions = {},
): Promise<ServedHost> {
  const host = await tempHost(connectors, { token, ...(options.env ? { env: options.env } : {}) });
  await host.access.init();
  await host.connections.create({ name: 'main', ...main });
  const app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    host,
    app,
    base: `http://127.0.0.1:${port}`,
    port,
    async close() {
      await app.close();
      await host.cleanup();
    },
  };
}

/** A served host whose `main` connection is to the seeded Stripe simulator. */
export async function servedWithStripe(
  connectors: Connector[],
  token: string,
): Promise<ServedHost & { stripe: PaymentsSandbox }> {
  const stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  const served = await servedHost(connectors, token, {
    connector: 'payments',
    credentials: stripe.connection.credentials,
    options: { baseUrl: stripe.url },
  });
  return {
    ...served,
    stripe,
    async close() {
      await served.close();
      await stripe.close();
    },
  };
}

/** A served host with the fake `things` connector, its `main` connection to the fake provider. */
export async function servedWithThings(
  token: string,
  options: ServedOptions = {},
): Promise<ServedHost & { provider: TestServer }> {
  const provider = await startFakeProvider();
  const served = await servedHost(
    [things],
    token,
    { connector: 'things', credentials: { apiKey: FAKE_KEY }, options: { baseUrl: provider.url } },
    options,
  );
  return {
    ...served,
    provider,
    async close() {
      await served.close();
      await provider.close();
    },
  };
}

/** The seeded Stripe simulator and the environment of `c-host` processes sharing one data directory. */
export async function stripeCli(): Promise<{
  stripe: PaymentsSandbox;
  /** The data directory. */
  dir: ReturnType<typeof tempDir>;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}> {
  const stripe = await startPaymentsSimulator({ seed: true, contracts: false });
  const dir = tempDir();
  return {
    stripe,
    dir,
    env: {
      C_HOST_DATA_DIR: dir.path,
      C_PAYMENTS_API_KEY: stripe.connection.credentials.apiKey,
      C_PAYMENTS_BASE_URL: stripe.url,
    },
    async close() {
      await stripe.close();
      dir.remove();
    },
  };
}
