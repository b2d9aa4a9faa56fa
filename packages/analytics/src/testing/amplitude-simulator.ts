import { createTestServer, type TestServer } from '@c/core/testing';
import { checkAmplitudeRequest } from './amplitude-contract.js';
import { createAmplitudeHandlers } from './amplitude-handlers.js';
import { AmplitudeState, type AmplitudeStateOptions } from './amplitude-state.js';

/** Options of `startAmplitudeSimulator`: where to listen, plus everything `AmplitudeState` takes. */
export interface AmplitudeSimulatorOptions extends AmplitudeStateOptions {
  port?: number;
  host?: string;
  /**
   * Keep every request in `server.calls` (default true). Turn off for bulk runs (a million events):
   * the contract check still sees each request, but none is kept.
   */
  recordCalls?: boolean;
}

/** A running simulator: its address, server, state, and what `analytics.connect` needs to reach it. */
export interface AmplitudeSandbox {
  /** `http://127.0.0.1:<port>`: both the query APIs and the ingestion API. */
  url: string;
  server: TestServer;
  state: AmplitudeState;
  /** Spread into `analytics.connect({ credentials, ...options })`. */
  connection: {
    credentials: { apiKey: string; secretKey: string };
    options: { baseUrl: string; ingestionBaseUrl: string };
  };
  close(): Promise<void>;
}

/**
 * Starts a simulated Amplitude project on a loopback port. `seed: true` fills it for the sandbox:
 * 40 users, three cohorts, a saved chart (`sbx4k2m`), realtime and user-count series, and three days
 * of exportable events.
 *
 * ```ts
 * const sandbox = await startAmplitudeSimulator({ seed: true });
 * const amplitude = analytics.connect({ credentials: sandbox.connection.credentials, ...sandbox.connection.options });
 * ```
 */
export async function startAmplitudeSimulator(
  options: AmplitudeSimulatorOptions = {},
): Promise<AmplitudeSandbox> {
  const state = new AmplitudeState(options);
  const check = checkAmplitudeRequest(state);
  let server: TestServer | undefined;
  server = await createTestServer(createAmplitudeHandlers(state), {
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.host === undefined ? {} : { host: options.host }),
    check: (call) => {
      const violation = check(call);
      if (options.recordCalls === false && server) {
        const at = server.calls.lastIndexOf(call);
        if (at >= 0) server.calls.splice(at, 1);
      }
      return violation;
    },
  });
  const url = server.url;
  return {
    url,
    server,
    state,
    connection: {
      credentials: { apiKey: state.apiKey, secretKey: state.secretKey },
      options: { baseUrl: url, ingestionBaseUrl: url },
    },
    close: () => server.close(),
  };
}
