import type { ConnectionRecord, ConnectionStatus } from './connection-store.js';
import type { RunRecord, RunResult, RunStatus } from './run-store.js';
import { type SecretBox, UnreadableSecretError } from './secret-box.js';

// What both stores do with sealed rows, once: the sealing context of each value, how a row becomes a
// record, and what an unreadable value means. The stores differ only in how their database hands a
// row over (SQLite: 0/1 and text times; PostgreSQL: booleans, `Date`s and bigints as text).

/** A time as a store reads it. */
export type StoredTime = string | Date;

/** A stored time as ISO text. */
export function iso(value: StoredTime): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** A connection row as a store reads it. */
export interface ConnectionRow {
  name: string;
  connector: string;
  credentials: string;
  options: string;
  is_default: boolean | number;
  sandbox: boolean | number;
  status: string;
  created_at: StoredTime;
  updated_at: StoredTime;
}

/** What re-sealing the connections did (see `ResealReport`). */
export interface ConnectionReseal {
  connections: number;
  current: number;
  unreadable: string[];
}

/** A run row as a store reads it. */
export interface RunRow {
  id: string;
  command: string;
  connection: string;
  input: string;
  repeat_safe: boolean | number;
  status: string;
  progress: string | null;
  result: string | null;
  error: string | null;
  attempt: number;
  owner: string | null;
  lease_expires_at: number | string | null;
  created_at: StoredTime;
  started_at: StoredTime | null;
  finished_at: StoredTime | null;
}

/** The sealing context of a connection's credentials: a sealed value moved to another row opens nowhere. */
export function connectionContext(name: string): string {
  return `connection:${name}`;
}

/** A connection's credentials, sealed to its row. */
export function sealCredentials(box: SecretBox, name: string, credentials: Record<string, unknown>): string {
  return box.seal(JSON.stringify(credentials), connectionContext(name));
}

/** A connection's credentials opened; an `UnreadableSecretError` when no key held opens them. */
export function openCredentials(box: SecretBox, name: string, sealed: string): Record<string, unknown> {
  return JSON.parse(box.open(sealed, connectionContext(name))) as Record<string, unknown>;
}

/** Whether `box` opens a connection's sealed credentials (the check that a key is the store's own). */
export function opensCredentials(box: SecretBox, sealed: string, name: string): boolean {
  try {
    box.open(sealed, connectionContext(name));
    return true;
  } catch {
    return false;
  }
}

/** A session's or an OAuth state's value; undefined when it was sealed under a key no longer held. */
export function openEphemeral(box: SecretBox, kind: string, key: string, sealed: string): string | undefined {
  try {
    return box.open(sealed, `${kind}:${key}`);
  } catch (error) {
    // A session or state sealed under another key is simply no longer valid.
    if (error instanceof UnreadableSecretError) return undefined;
    throw error;
  }
}

/** Opens a sealed value with any of the keys, saying whether the current one sealed it; undefined when none opens it. */
export function reopen(
  box: SecretBox,
  sealed: string,
  context: string,
): { plaintext: string; current: boolean } | undefined {
  try {
    return box.openDetailed(sealed, context);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return undefined;
    throw error;
  }
}

/**
 * A re-sealer for a key rotation: `again(sealed, context)` is the value sealed under the current key,
 * or undefined when it already is (or no key opens it); `count` is how many it re-sealed.
 */
export function resealer(box: SecretBox): {
  again(sealed: string | null, context: string): string | undefined;
  readonly count: number;
} {
  let count = 0;
  return {
    again(sealed, context) {
      const opened = sealed === null ? undefined : reopen(box, sealed, context);
      if (!opened || opened.current) return undefined;
      count += 1;
      return box.seal(opened.plaintext, context);
    },
    get count() {
      return count;
    },
  };
}

/** A connection row as a record. A row sealed under another key is `unreadable`, never fatal to the rest. */
export function connectionRecord(box: SecretBox, row: ConnectionRow): ConnectionRecord {
  let credentials: Record<string, unknown> = {};
  let status: ConnectionStatus = row.status === 'needs_reconnect' ? 'needs_reconnect' : 'ok';
  try {
    credentials = openCredentials(box, row.name, row.credentials);
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    status = 'unreadable';
  }
  return {
    name: row.name,
    connector: row.connector,
    credentials,
    options: JSON.parse(row.options) as Record<string, unknown>,
    isDefault: row.is_default === true || row.is_default === 1,
    sandbox: row.sandbox === true || row.sandbox === 1,
    status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A run row as a record, its input, result and error opened (each sealed to its run and column). */
export function runRecord(box: SecretBox, row: RunRow): RunRecord {
  const open = (column: 'input' | 'result' | 'error', sealed: string) =>
    JSON.parse(box.open(sealed, `run:${row.id}:${column}`)) as unknown;
  // The actor is sealed with the input: no column to migrate, and a run's requester stays private.
  const sealed = open('input', row.input) as { input: unknown; idempotencyKey?: string; actor?: string };
  return {
    id: row.id,
    command: row.command,
    connection: row.connection,
    input: sealed.input,
    idempotencyKey: sealed.idempotencyKey,
    repeatSafe: row.repeat_safe === true || row.repeat_safe === 1,
    actor: sealed.actor,
    status: row.status as RunStatus,
    progress: row.progress ? (JSON.parse(row.progress) as Record<string, unknown>) : undefined,
    result: row.result ? (open('result', row.result) as RunResult) : undefined,
    error: row.error ? (open('error', row.error) as Record<string, unknown>) : undefined,
    attempt: row.attempt,
    owner: row.owner ?? undefined,
    leaseExpiresAt: row.lease_expires_at === null ? undefined : Number(row.lease_expires_at),
    createdAt: iso(row.created_at),
    startedAt: row.started_at === null ? undefined : iso(row.started_at),
    finishedAt: row.finished_at === null ? undefined : iso(row.finished_at),
  };
}
