import {
  contractsDir,
  createTestServer,
  defineSimulator,
  type RunningSimulator,
  type SimulatorStartOptions,
  type TestServer,
} from '@c/core/testing';
import { loadStripeContract, type StripeContract } from './contract/stripe-contract.js';
import { type CompleteCheckoutOptions, completeCheckoutSession } from './resources/checkout.js';
import { deliverWebhooks, type WebhookDeliverer } from './resources/webhook-endpoints.js';
import { createStripeHandlers, type RestrictedAccess } from './stripe-router.js';
import { seedStripeState } from './stripe-seed.js';
import { STRIPE_STATE_VERSION, type StoredObject, StripeState, stripeStyleId } from './stripe-state.js';
import { SIMULATED_API_VERSION } from './stripe-versions.js';

/** How the Stripe simulator is started: where to listen and what to seed, plus Stripe's own settings. */
export interface PaymentsSimulatorOptions extends SimulatorStartOptions {
  /** Port to listen on; a free one when omitted. */
  port?: number | undefined;
  /** Address to bind; `127.0.0.1` when omitted. */
  host?: string | undefined;
  /** Fill the account with sample customers, products, prices, subscriptions, transactions and events. */
  seed?: boolean | undefined;
  /** The secret key the account accepts; a fresh `sk_test_…` when omitted. */
  apiKey?: string | undefined;
  /** Restricted keys and their permissions by resource (`customers: 'read'`, …). */
  restrictedKeys?: Record<string, Record<string, RestrictedAccess>> | undefined;
  /**
   * `false`: no contract checks. Otherwise every request is checked against the contract of the
   * simulated API version (derived from the official `stripe` package's types and shipped with this
   * package; needs the optional peer `ajv`) whenever the providers' contracts folder is found
   * (`contractsDir()` of `@c/core/testing`: the repository's own tests and CI).
   */
  contracts?: false | undefined;
  /** Also check every response against the contract (slower; for the simulator's own tests). */
  checkResponses?: boolean | undefined;
  /**
   * The account's default API version, for requests without `Stripe-Version` (default: the simulated
   * version, `2026-10-28.endive`).
   */
  accountApiVersion?: string | undefined;
  /** The clock in Unix seconds. */
  now?: (() => number) | undefined;
  /** Waits between webhook delivery attempts, in ms (default 250, 1 000, 3 000). */
  webhookRetryDelaysMs?: readonly number[] | undefined;
}

/** A running Stripe simulator: the common handle, plus the simulated account and its contract. */
export interface PaymentsSandbox
  extends RunningSimulator<{ apiKey: string }, { baseUrl: string; apiVersion: string }> {
  /** The simulated account: customers, products, prices, subscriptions, events… */
  readonly state: StripeState;
  /** The contract checker, when checks are on. */
  readonly contract: StripeContract | undefined;
  /** Signed deliveries of events to the account's webhook endpoints: their log, `idle()` to wait. */
  readonly webhooks: WebhookDeliverer;
  /** A JSON snapshot (version 1) of the account and its secret key, for `importState` on a fresh simulator. */
  exportState(): unknown;
  /** Puts back what `exportState` returned (of this format version; another is refused before anything changes). */
  importState(state: unknown): void;
  /**
   * The customer pays an open Checkout Session on Stripe's page (which no API call does): see
   * `completeCheckoutSession`. Returns the completed session.
   */
  completeCheckoutSession(sessionId: string, options?: CompleteCheckoutOptions): StoredObject;
}

/**
 * Starts the Stripe simulator on a loopback socket: stateful, speaking API version
 * `2026-10-28.endive` with Stripe's list, search, expand, error and idempotency semantics, every
 * request checked against that version's contract (violations in `server.violations`), faults
 * through `server.fault(stripeFaults.…)`, and every event POSTed, signed, to the account's webhook
 * endpoints.
 */
async function start(options: PaymentsSimulatorOptions = {}): Promise<PaymentsSandbox> {
  // Checks default to on only where the contracts folder is (this repository, CI): elsewhere ajv,
  // an optional peer, may be missing.
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
  const webhooks = deliverWebhooks(
    state,
    options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {},
  );
  // Mutable: an imported state brings back the key its clients hold.
  const apiKeys: [string] = [options.apiKey ?? stripeStyleId('sk_test_', 24)];
  let server: TestServer | undefined;
  const handlers = createStripeHandlers({
    state,
    apiKeys,
    restrictedKeys: options.restrictedKeys,
    contract,
    onResponseViolation: options.checkResponses ? (message) => server?.addViolation(message) : undefined,
    ...(options.accountApiVersion ? { accountApiVersion: options.accountApiVersion } : {}),
  });
  server = await createTestServer(handlers, {
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.host !== undefined ? { host: options.host } : {}),
    check: (call) => contract?.checkRequest(call),
  });
  const running = server;
  const connection = {
    credentials: { apiKey: apiKeys[0] },
    options: { baseUrl: running.url, apiVersion: SIMULATED_API_VERSION },
  };
  return {
    connectorId: 'payments',
    url: running.url,
    server: running,
    state,
    contract,
    webhooks,
    connection,
    exportState: () => ({ ...state.export(), apiKey: apiKeys[0] }),
    completeCheckoutSession: (sessionId, completion) => completeCheckoutSession(state, sessionId, completion),
    importState(saved: unknown) {
      const snapshot = saved as { version?: unknown; apiKey?: unknown } | null;
      const apiKey = snapshot?.apiKey;
      if (
        snapshot?.version === STRIPE_STATE_VERSION &&
        (typeof apiKey !== 'string' || !apiKey.startsWith('sk_'))
      ) {
        throw new Error('The Stripe simulator state has no secret key');
      }
      // Refuses another version before changing anything.
      state.import(saved);
      if (typeof apiKey !== 'string') return;
      apiKeys[0] = apiKey;
      connection.credentials.apiKey = apiKey;
    },
    reset() {
      state.reset();
      if (options.seed) seedStripeState(state);
      running.reset();
      running.resetHandlers();
      running.clearFaults();
    },
    close: () => {
      webhooks.stop();
      return running.close();
    },
  };
}

/**
 * The Stripe simulator (`payments`): a stateful Stripe account on loopback that the official `stripe`
 * client accepts.
 *
 * ```ts
 * const sim = await paymentsSimulator.start({ seed: true });
 * const stripe = payments.connect({ credentials: sim.connection.credentials, ...sim.connection.options });
 * ```
 */
export const paymentsSimulator = defineSimulator<PaymentsSandbox, PaymentsSimulatorOptions>({
  connectorId: 'payments',
  speaks: `Stripe API ${SIMULATED_API_VERSION}`,
  start,
});

/** Starts the Stripe simulator (`paymentsSimulator.start`). */
export const startPaymentsSimulator = paymentsSimulator.start;
