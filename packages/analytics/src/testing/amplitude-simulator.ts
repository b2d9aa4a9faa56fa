import {
  createTestServer,
  defineSimulator,
  type RunningSimulator,
  type SimulatorStartOptions,
  type TestServer,
} from '@c/core/testing';
import { ANALYTICS_API_VERSION } from '../analytics-client.js';
import { checkAmplitudeRequest } from './amplitude-contract.js';
import { createAmplitudeHandlers } from './amplitude-handlers.js';
import { AmplitudeState, type AmplitudeStateOptions } from './amplitude-state.js';

/** How the Amplitude simulator is started: where to listen, plus everything `AmplitudeState` takes. */
export interface AmplitudeSimulatorOptions
  extends AmplitudeStateOptions,
    Omit<SimulatorStartOptions, 'seed'> {
  /**
   * Keep every request in `server.calls` (default true). Turn off for bulk runs (a million events):
   * the contract check still sees each request, but none is kept.
   */
  recordCalls?: boolean;
}

/** A running Amplitude simulator: the common handle, plus the simulated project's state. */
export interface AmplitudeSandbox
  extends RunningSimulator<
    { apiKey: string; secretKey: string },
    { baseUrl: string; ingestionBaseUrl: string; profileBaseUrl: string }
  > {
  /** The simulated project: its events, users, cohorts, charts and counters. */
  readonly state: AmplitudeState;
  /** A JSON snapshot (version 1) of the project, its keys and its events, for `importState` on a fresh simulator. */
  exportState(): unknown;
  /** Puts back what `exportState` returned (of this format version; another is refused before anything changes). */
  importState(state: unknown): void;
}

/**
 * Starts a simulated Amplitude project on a loopback port, serving the query APIs and the ingestion
 * API on one address. `seed: true` fills it for the sandbox: 40 users, three cohorts, two saved
 * charts (`sbx4k2m`, `sbx7dau`) and 30 days of events. `contracts: false` skips checking requests
 * against Amplitude's documented contract.
 */
async function start(options: AmplitudeSimulatorOptions = {}): Promise<AmplitudeSandbox> {
  const state = new AmplitudeState(options);
  const check = options.contracts === false ? undefined : checkAmplitudeRequest(state);
  const server: TestServer = await createTestServer(createAmplitudeHandlers(state), {
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.host === undefined ? {} : { host: options.host }),
    // With no calls kept, the check still sees each request as it arrives.
    ...(options.recordCalls === false ? { maxRecordedCalls: 0 } : {}),
    ...(check ? { check } : {}),
  });
  const connection = {
    credentials: { apiKey: state.apiKey, secretKey: state.secretKey },
    options: { baseUrl: server.url, ingestionBaseUrl: server.url, profileBaseUrl: server.url },
  };
  return {
    connectorId: 'analytics',
    url: server.url,
    server,
    state,
    connection,
    exportState: () => state.export(),
    importState(saved: unknown) {
      state.import(saved);
      connection.credentials.apiKey = state.apiKey;
      connection.credentials.secretKey = state.secretKey;
    },
    reset() {
      state.reset();
      server.reset();
      server.resetHandlers();
      server.clearFaults();
    },
    close: () => server.close(),
  };
}

/**
 * The Amplitude simulator (`analytics`): a stateful Amplitude project whose every answer comes from
 * the events it ingested.
 *
 * ```ts
 * const sim = await analyticsSimulator.start({ seed: true });
 * const amplitude = analytics.connect({ credentials: sim.connection.credentials, ...sim.connection.options });
 * ```
 */
export const analyticsSimulator = defineSimulator<AmplitudeSandbox, AmplitudeSimulatorOptions>({
  connectorId: 'analytics',
  speaks: `Amplitude Dashboard REST, Behavioral Cohorts, Export and HTTP V2 APIs (docs of ${ANALYTICS_API_VERSION})`,
  start,
});

/** Starts the Amplitude simulator (`analyticsSimulator.start`): `await startAnalyticsSimulator({ seed: true })`. */
export const startAnalyticsSimulator = analyticsSimulator.start;
