import { contractsDir, createTestServer, type TestServer } from '@c/core/testing';
import { loadStripeContract, type StripeContract } from './stripe-contract.js';
import { createStripeHandlers, type RestrictedAccess, SIMULATED_API_VERSION } from './stripe-handlers.js';
import { seedStripeState } from './stripe-seed.js';
import { StripeState, stripeStyleId } from './stripe-state.js';

/** Options of `startPaymentsSimulator`. */
export interface PaymentsSimulatorOptions {
  /** Port to listen on; a free one when omitted. */
  port?: number;
  /** Address to bind; `127.0.0.1` when omitted. */
  host?: string;
  /** Fill the account with sample customers, products, prices, subscriptions, transactions and events. */
  seed?: boolean;
  /** The secret key the account accepts; a fresh `sk_test_…` when omitted. */
  apiKey?: string;
  /** Restricted keys and their permissions by resource (`customers: 'read'`, …). */
  restrictedKeys?: Record<string, Record<string, RestrictedAccess>>;
  /**
   * The contracts folder holding Stripe's OpenAPI document, or `false` for no contract checks.
   * Default: `contractsDir()` of `@c/core/testing` (checks when the folder is there; in CI it must be).
   */
  contracts?: string | false;
  /** Also check every response against the document (slower; for the simulator's own tests). */
  checkResponses?: boolean;
  /** The clock in Unix seconds. */
  now?: () => number;
}

/** A running Stripe simulator and how to connect the payments connector to it. */
export interface PaymentsSandbox {
  /** `http://127.0.0.1:<port>` */
  url: string;
  server: TestServer;
  state: StripeState;
  /** The contract checker, when the contracts folder was found. */
  contract: StripeContract | undefined;
  /** What `payments.connect({ credentials, ...options })` needs to reach this simulator. */
  connection: {
    credentials: { apiKey: string };
    options: { baseUrl: string; apiVersion: string };
  };
  close(): Promise<void>;
}

/**
 * Starts the Stripe simulator on a loopback socket: stateful, Stripe's list, error and idempotency
 * semantics, every request checked against Stripe's OpenAPI document (violations in
 * `server.violations`), and faults through `server.fault(stripeFaults.…)`.
 */
export async function startPaymentsSimulator(
  options: PaymentsSimulatorOptions = {},
): Promise<PaymentsSandbox> {
  const folder = options.contracts === false ? undefined : (options.contracts ?? contractsDir());
  let contract: StripeContract | undefined;
  if (folder) {
    contract = await loadStripeContract(folder).catch((error: unknown) => {
      const missingAjv = (error as { code?: string })?.code === 'ERR_MODULE_NOT_FOUND';
      throw new Error(
        missingAjv
          ? "Stripe contract checks need the optional peer dependency 'ajv' (install ajv@8), or pass contracts: false"
          : `Could not load Stripe's OpenAPI document from ${folder}: ${(error as Error)?.message ?? error}`,
      );
    });
  }
  const state = new StripeState(options.now ? { now: options.now } : {});
  if (options.seed) seedStripeState(state);
  const apiKey = options.apiKey ?? stripeStyleId('sk_test_', 24);
  let server: TestServer | undefined;
  const handlers = createStripeHandlers({
    state,
    apiKeys: [apiKey],
    restrictedKeys: options.restrictedKeys,
    contract,
    onResponseViolation: options.checkResponses ? (message) => server?.violations.push(message) : undefined,
  });
  server = await createTestServer(handlers, {
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.host !== undefined ? { host: options.host } : {}),
    check: (call) => contract?.checkRequest(call),
  });
  const running = server;
  return {
    url: running.url,
    server: running,
    state,
    contract,
    connection: {
      credentials: { apiKey },
      options: { baseUrl: running.url, apiVersion: SIMULATED_API_VERSION },
    },
    close: () => running.close(),
  };
}
