import { createHash } from 'node:crypto';
import { ValidationError } from '@c/core';
import type { HostStore } from '../store/host-store.js';

/** How long a key holds its first result (spec/AGENTS.md: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The store's kind for idempotency records among its short-lived values. */
const KIND = 'idempotency';
/** How long a repeat waits for the first run of its key, still running in this or another process. */
const WAIT_FOR_FIRST_MS = 15 * 60 * 1000;

/** One keyed run: what the key is bound to. */
export interface KeyedRun {
  key: string;
  /** The qualified command id, `<connector>.<key>`. */
  command: string;
  /** The connection the run resolved to (its name, or `env`). */
  connection: string;
  /** The parsed input (defaults applied), so `{}` and `{limit: 10}` with a default of 10 agree. */
  input: unknown;
}

/** A key's record: what it was bound to and the first result. */
interface IdempotencyRecord {
  command: string;
  connection: string;
  inputHash: string;
  result: unknown;
  /** ISO 8601. */
  createdAt: string;
}

/** Options of `IdempotencyLedger.run`. */
export interface KeyedRunOptions {
  signal?: AbortSignal | undefined;
  /** Called when the result is the stored first one (nothing was sent), with when that run was. */
  onReplay?: ((firstRunAt: string) => void) | undefined;
}

/**
 * Callers' idempotency keys, kept in the host's store so that they hold across processes, host
 * instances and restarts. A key's first successful run is recorded (sealed like every stored value)
 * for 24 hours; the same key with the same command, connection and input then returns that result
 * without calling the provider, and with anything else is a `ValidationError` on `idempotencyKey`.
 * Runs of one key are serialised by the store's lock, so two processes repeating a call at once make
 * one provider call: the second waits and gets the first one's result. A failed run records
 * nothing and frees the key: a repeat runs again, and where the provider deduplicates (by the key
 * itself, or an id the connector derives from it) a write that did land is not applied twice.
 */
export class IdempotencyLedger {
  readonly #store: Pick<HostStore, 'settings' | 'locks'>;
  readonly #now: () => number;

  constructor(store: Pick<HostStore, 'settings' | 'locks'>, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  /** Runs `work` once per key: the first result for a repeat, a `ValidationError` for a misuse. */
  async run<T>(keyed: KeyedRun, work: () => Promise<T>, options: KeyedRunOptions = {}): Promise<T> {
    const id = createHash('sha256').update(keyed.key).digest('hex');
    const expected = {
      command: keyed.command,
      connection: keyed.connection,
      inputHash: hashInput(keyed.input),
    };
    const recorded = async (): Promise<{ result: T } | undefined> => {
      const stored = await this.#store.settings.getEphemeral(KIND, id);
      if (stored === undefined) return undefined;
      const record = JSON.parse(stored) as IdempotencyRecord;
      checkMatch(keyed.key, record, expected);
      options.onReplay?.(record.createdAt);
      return { result: record.result as T };
    };
    // A repeat of a finished run needs no lock.
    const early = await recorded();
    if (early) return early.result;
    return this.#store.locks.withLock(
      `idempotency:${id}`,
      async () => {
        const first = await recorded();
        if (first) return first.result;
        const result = await work();
        const now = this.#now();
        const record: IdempotencyRecord = {
          ...expected,
          result,
          createdAt: new Date(now).toISOString(),
        };
        await this.#store.settings.putEphemeral(KIND, id, JSON.stringify(record), now + IDEMPOTENCY_TTL_MS);
        return result;
      },
      { waitMs: WAIT_FOR_FIRST_MS, signal: options.signal },
    );
  }
}

/** The same key for another call: says what differs, never the values. */
function checkMatch(
  key: string,
  record: IdempotencyRecord,
  expected: Pick<IdempotencyRecord, 'command' | 'connection' | 'inputHash'>,
): void {
  const differs =
    record.command !== expected.command
      ? `another command (${record.command})`
      : record.connection !== expected.connection
        ? `another connection (${record.connection})`
        : record.inputHash !== expected.inputHash
          ? 'another input'
          : undefined;
  if (!differs) return;
  throw new ValidationError(
    `Invalid parameter "idempotencyKey": the key "${key}" was used at ${record.createdAt} for ${differs}. A key stands for one call for 24 hours: repeat that call unchanged, or use a new key for a new call.`,
    {
      parameter: 'idempotencyKey',
      details: { conflict: true, idempotencyKey: key, firstRunAt: record.createdAt },
    },
  );
}

/** A hash of a JSON value with object keys sorted, so key order does not change it. */
function hashInput(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
