import type { TestServer } from './test-server.js';

/** The OAuth client a simulator offers, so a host can run Connect and Reconnect with no account. */
export interface SimulatorOAuth {
  authorizationUrl: string;
  tokenUrl: string;
  /** The revocation endpoint (RFC 7009), when the provider has one. */
  revocationUrl?: string | undefined;
  clientId: string;
  clientSecret?: string | undefined;
  scopes?: string[] | undefined;
}

/** How a simulator is started; each simulator may accept more. */
export interface SimulatorStartOptions {
  port?: number | undefined;
  host?: string | undefined;
  /** Seed realistic data (customers, teams, documents, events…), as the sandbox does. */
  seed?: boolean | undefined;
  /** `false` skips checking requests against the provider's published contract (faster start). */
  contracts?: false | undefined;
}

/** A running provider simulator on loopback: the same handle for every connector. */
export interface RunningSimulator<
  Credentials extends Record<string, unknown> = Record<string, unknown>,
  Options extends Record<string, unknown> = Record<string, unknown>,
> {
  /** The connector this simulates the provider of (`payments`, `issues`, …). */
  readonly connectorId: string;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The loopback server: recorded calls, contract violations, faults. */
  readonly server: TestServer;
  /** What `connector.connect()` needs to reach this simulator: credentials and options. */
  readonly connection: { credentials: Credentials; options: Options };
  /** The OAuth client of an OAuth provider's simulator. */
  readonly oauth?: SimulatorOAuth | undefined;
  /** Back to the state it started with (re-seeded when started with `seed`); calls and faults forgotten. */
  reset(): void;
  /**
   * A snapshot of the simulator's data: its objects, ids, keys and the tokens it issued, as a value
   * `structuredClone` accepts (plain data, Maps, Sets, typed arrays; no functions or class
   * instances), tagged with the simulator's own format version. It holds secrets: store it where only
   * its owner can read it. Optional: a simulator without it starts afresh every time (the host's
   * sandbox keeps the data of those that have it across restarts).
   */
  exportState?(): unknown;
  /**
   * Puts back, in place, a snapshot `exportState` returned, so that clients connected with the
   * credentials the simulator had then (now in `connection`) keep working. A snapshot it cannot read
   * (another format version, not a snapshot of this simulator) is refused with an error before
   * anything changes: the simulator keeps its current data, and the caller starts from there.
   */
  importState?(state: unknown): void;
  close(): Promise<void>;
}

/** What a connector's `testing` entry exports: one simulator object. */
export interface Simulator<
  Running extends RunningSimulator<any, any> = RunningSimulator,
  Options extends SimulatorStartOptions = SimulatorStartOptions,
> {
  readonly connectorId: string;
  /** The provider API and version it behaves like, e.g. `Stripe API 2026-10-28.endive`. */
  readonly speaks: string;
  start(options?: Options): Promise<Running>;
}

/** Declares a connector's simulator (the one shape every `@c/<name>/testing` exports). */
export function defineSimulator<
  Running extends RunningSimulator<any, any>,
  Options extends SimulatorStartOptions = SimulatorStartOptions,
>(simulator: Simulator<Running, Options>): Simulator<Running, Options> {
  return Object.freeze({ ...simulator });
}
