import { contractsDir, createTestServer, type TestServer } from '@c/core/testing';
import { loadStripeContract, type StripeContract } from './contract/stripe-contract.js';
import { createStripeHandlers, type RestrictedAccess } from './stripe-router.js';
import { seedStripeState } from './stripe-seed.js';
import { StripeState, stripeStyleId } from './stripe-state.js';
import { SIMULATED_API_VERSION } from './stripe-versions.js';

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
   * Check every request against the contract of the simulated API version (derived from the
   * official `stripe` package's types and shipped with this package; needs the optional peer `ajv`),
   * or `false` for no checks. Default: on when the providers' contracts folder is found
   * (`contractsDir()` of `@c/core/testing`: the repository's own tests and CI), off otherwise.
   */
  contracts?: boolean;
  /** Also check every response against the contract (slower; for the simulator's own tests). */
  checkResponses?: boolean;
  /**
   * The account's default API version, for requests without `Stripe-Version` (default: the simulated
   * version, `2026-10-28.endive`).
   */
  accountApiVersion?: string;
  /** The clock in Unix seconds. */
  now?: () => number;
}

/** A running Stripe simulator and how to connect the payments connector to it. */
export interface PaymentsSandbox {
  /** `http://127.0.0.1:<port>` */
  url: string;
  server: TestServer;
  state: StripeState;
  /** The contract checker, when checks are on. */
  contract: StripeContract | undefined;
  /** What `payments.connect({ credentials, ...options })` needs to reach this simulator. */
  connection: {
    credentials: { apiKey: string };
    options: { baseUrl: string; apiVersion: string };
  };
  close(): Promise<void>;
}

/**
 * Starts the Stripe simulator on a loopback socket: stateful, speaking API version
 * `2026-10-28.endive` with Stripe's list, search, expand, error and idempotency semantics, every
 * request checked against that version's contract (violations in `server.violations`), and faults
 * through `server.fault(stripeFaults.…)`.
 */
export async function startPaymentsSimulator(
  options: PaymentsSimulatorOptions = {},
): Promise<PaymentsSandbox> {
  const checks = options.contracts ?? contractsDir() !== undefined;
  let contract: StripeContract | undefined;
  if (checks) {
    contract = await loadStripeContract().catch((error: unknown) => {
      const missingAjv = (error as { code?: string })?.code === 'ERR_MODULE_NOT_FOUND';
      throw new Error(
        missingAjv
          ? "Stripe contract checks need the optional peer dependency 'ajv' (install ajv@8), or pass contracts: false"
          : `Could not load the Stripe contract: ${(error as Error)?.message ?? error}`,
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
    ...(options.accountApiVersion ? { accountApiVersion: options.accountApiVersion } : {}),
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
