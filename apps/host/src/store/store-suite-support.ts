import { randomBytes } from 'node:crypto';
import type { HostStore } from './host-store.js';

/** How a store is opened in the shared suite. */
export interface StoreOpenOptions {
  secretKey?: string | undefined;
  oldKeys?: string | undefined;
  now?: () => Date;
}

/**
 * One place a store keeps its state (a data directory, a database), which the suite opens as many
 * times as it likes (as several processes or host instances would), and reaches into directly as
 * another program would.
 */
export interface StoreLocation {
  open(options?: StoreOpenOptions): Promise<HostStore>;
  /** Writes a connection row as is (its credentials already sealed), as an older or foreign host would. */
  insertConnection(name: string, connector: string, sealedCredentials: string): Promise<void>;
  /** Writes a short-lived value as is (already sealed). */
  insertEphemeral(kind: string, key: string, sealedValue: string, expiresAt: number): Promise<void>;
  /** The sealed credentials of a connection as stored. */
  sealedCredentials(name: string): Promise<string>;
  /** Everything the store keeps, as bytes or text that whoever can read the storage sees. */
  rawContent(): Promise<Buffer>;
  /**
   * Makes a named lock look held by a process that died holding it, and free for the others after
   * about `ms` (a lock row that expires, or a database session that ends).
   */
  holdLockAsDeadProcess(name: string, ms: number): Promise<void>;
  /** The keys of the failure windows stored (`HostStore.failures`), ended ones included. */
  failureKeys(): Promise<string[]>;
}

/** What a store suite runs against: a kind of store and how to make fresh locations of it. */
export interface StoreHarness {
  /** `SqliteHostStore`, `PostgresHostStore`. */
  name: string;
  /** A fresh, empty location (removed after the test). */
  fresh(): Promise<StoreLocation>;
  /** Whether the store needs `secretKey` (the fleet store does; the embedded one has a key file). */
  keyRequired: boolean;
}

/** A location of the suite with a way to open it, every handle closed after the test. */
export interface SuiteLocation {
  place: StoreLocation;
  open(options?: StoreOpenOptions): Promise<HostStore>;
}

/** How each role's cases reach a fresh location (opened with the suite's key unless told otherwise). */
export type FreshLocation = (defaults?: StoreOpenOptions) => Promise<SuiteLocation>;

/** A credential as a provider would issue it: it must never appear in what the storage holds. */
export const SECRET = 'sk_live_0123456789abcdefSECRET4242';
/** Raw keys as an operator makes them (`openssl rand -base64 32`). */
export const KEY_A = randomBytes(32).toString('base64');
export const KEY_B = randomBytes(32).toString('base64');
export const KEY_C = randomBytes(32).toString('base64');

/** The refusal a store gives when it cannot be opened, or undefined when it opens. */
export async function refusal(location: StoreLocation, options: StoreOpenOptions): Promise<any> {
  try {
    await (await location.open(options)).close();
  } catch (error) {
    return error;
  }
  return undefined;
}
