import { closeSync, fchmodSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { RunningSimulator } from '@c/core/testing';

/**
 * What a running simulator may offer so that the sandbox keeps its data across restarts (the optional
 * members of core's `RunningSimulator`): a simulator that has both methods is kept, one without is
 * seeded afresh at every start.
 *
 * - `exportState()` returns everything the simulator holds (accounts, objects, keys, OAuth clients
 *   and grants) as a value `structuredClone` accepts (Maps, Sets, typed arrays, plain objects), so
 *   that connections made against it keep working once it is imported again.
 * - `importState(state)` puts such a value back, in place, on a freshly started simulator of the
 *   same or a newer version; it throws when it cannot read it (the sandbox then starts from the seed).
 */
export interface PersistentSimulator {
  exportState(): unknown;
  importState(state: unknown): void;
}

/** The simulator's persistence hook, when it has one. */
export function persistenceOf(simulator: RunningSimulator): PersistentSimulator | undefined {
  const candidate = simulator as Partial<PersistentSimulator>;
  return typeof candidate.exportState === 'function' && typeof candidate.importState === 'function'
    ? (candidate as PersistentSimulator)
    : undefined;
}

/** The version of the files' wrapper (the simulators version their own state). */
const FORMAT = 1;

/**
 * The sandbox's saved simulator states, one file per connector in `<data dir>/sandbox/`, in V8's
 * serialization (what `structuredClone` keeps: Maps, Sets, shared references, binary data), readable
 * by their owner only: they hold the simulators' keys and tokens. A write goes to a temporary file
 * renamed over the old one, so a crash mid-write leaves the previous state whole.
 */
export class SandboxStateFiles {
  readonly folder: string;
  /** The state last read or written per connector, serialized, to skip writing an unchanged one. */
  readonly #written = new Map<string, Buffer>();

  constructor(dataDir: string) {
    this.folder = join(dataDir, 'sandbox');
  }

  #file(connectorId: string): string {
    return join(this.folder, `${connectorId}.state`);
  }

  /** The saved state of a connector's simulator; undefined when none was saved. Throws when unreadable. */
  load(connectorId: string): { state: unknown; savedAt: string } | undefined {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.#file(connectorId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const saved = deserialize(bytes) as {
      format?: unknown;
      connector?: unknown;
      savedAt?: unknown;
      state?: unknown;
    };
    if (saved?.format !== FORMAT || saved.connector !== connectorId) {
      throw new Error(`${this.#file(connectorId)} is not a saved ${connectorId} sandbox state`);
    }
    this.#written.set(connectorId, serialize(saved.state));
    return { state: saved.state, savedAt: String(saved.savedAt) };
  }

  /** Saves a state when it differs from the one last read or written; returns whether it wrote. */
  save(connectorId: string, state: unknown): boolean {
    const body = serialize(state);
    if (this.#written.get(connectorId)?.equals(body)) return false;
    const bytes = serialize({
      format: FORMAT,
      connector: connectorId,
      savedAt: new Date().toISOString(),
      state,
    });
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    const file = this.#file(connectorId);
    const temporary = `${file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      if (process.platform !== 'win32') fchmodSync(fd, 0o600);
      writeSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    this.#written.set(connectorId, body);
    return true;
  }
}
