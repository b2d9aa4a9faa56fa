// What the connection manager tells the operations side about: each run (for logs, traces and
// metrics, the run history, and the audit log when it writes), each connection change (the audit
// log), and each OAuth refresh (metrics). On a command line only the history and the audit log
// listen.
import { randomUUID } from 'node:crypto';
import { ConnectorError, type ErrorKind, type RunObserver } from '@c/core';
import type { AuditStore } from '../store/audit-store.js';
import type { HistoryStore, RunSurface } from '../store/history-store.js';
import { currentActor, currentRequest } from './request-context.js';

/** One run as watchers see it when it starts. */
export interface RunInfo {
  /** The qualified command id, e.g. `payments.createCustomer`. */
  command: string;
  connector: string;
  /** The connection's name (`env` for the environment's credentials). */
  connection: string;
  /** Whether the command may change something at the provider. */
  write: boolean;
  /** A dry run sends nothing. */
  dryRun: boolean;
  /** Where the run came from (the run history's `surface`). */
  surface: RunSurface;
  /** Its history line's id (an async run's own id); a fresh UUID when absent. */
  id?: string | undefined;
  /** A lookup (it fills a choice list): not a line of the run history. */
  lookup?: boolean | undefined;
}

/** How a run ended, with what its provider calls said. */
export interface RunSummary {
  /** `ok`, or the error's kind (`internal` for anything that is not a connector error). */
  outcome: 'ok' | ErrorKind;
  /** The error, when it failed. */
  error?: unknown;
  /** The result came from the host's idempotency record: nothing was sent. */
  replayed: boolean;
  durationMs: number;
  /** Provider calls made (token refreshes included). */
  calls: number;
  /** Retries of those calls, rate-limit waits included. */
  retries: number;
  /** The provider's request id of the last call that had one (a failed call's, when it failed). */
  requestId: string | undefined;
  /** Who ran it (see `NewAuditEntry.actor`). */
  actor: string;
}

/** A run being watched: what it hears of the run's calls, and its end. */
export interface WatchedRun {
  observer?: RunObserver | undefined;
  end(summary: RunSummary): void;
}

/** Hears every run and OAuth refresh of a host: logs, traces and metrics (see `Telemetry`). */
export interface RunWatcher {
  startRun(info: RunInfo): WatchedRun;
  /** A connection's OAuth tokens were refreshed at the provider. */
  refreshed?(connection: string): void;
}

/** A connection change the audit log records (see `NewAuditEntry.action`). */
export type ConnectionAction =
  | 'connection.create'
  | 'connection.update'
  | 'connection.remove'
  | 'connection.default'
  | 'connection.needs_reconnect';

/** What `Operations.startRun` hands the run: the observer to pass to core, and how to end it. */
export interface ObservedRun {
  /** For `RunOptions.observer`. */
  observer: RunObserver | undefined;
  /** Marks the run as answered from the host's idempotency record (nothing was sent). */
  replayed(): void;
  /** Resolves as `work` does, once the run's end is told (and, for a write, audited). */
  finish<T>(work: Promise<T>): Promise<T>;
}

/**
 * The hub between the connection manager and the operations side: it times each run, sums what
 * its provider calls said (calls, retries, the last request id) for every watcher, and writes the
 * run history (every run) and the audit log (every write run that was sent, every connection
 * change) into the store, who acted being the current request's actor.
 */
export class Operations {
  readonly #log: AuditStore;
  readonly #history: HistoryStore;
  readonly #watchers = new Set<RunWatcher>();

  constructor(store: { audit: AuditStore; history: HistoryStore }) {
    this.#log = store.audit;
    this.#history = store.history;
  }

  /** Adds a watcher of every run from now on; returns the function that removes it. */
  watch(watcher: RunWatcher): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /** Starts watching one run (call `finish` with its work). */
  startRun(info: RunInfo): ObservedRun {
    const audited = info.write && !info.dryRun;
    const startedAt = new Date();
    const started = performance.now();
    const actor = currentActor();
    const watched = [...this.#watchers].map((watcher) => watcher.startRun(info));
    const sum = { calls: 0, retries: 0, requestId: undefined as string | undefined };
    let replayed = false;
    const observer: RunObserver = {
      onCall(call) {
        sum.calls += 1;
        const calls = watched.map((run) => run.observer?.onCall?.(call));
        return {
          onRetry(retry) {
            sum.retries += 1;
            for (const one of calls) one?.onRetry?.(retry);
          },
          onEnd(end) {
            if (end.requestId) sum.requestId = end.requestId;
            for (const one of calls) one?.onEnd?.(end);
          },
        };
      },
    };
    const end = async (error: unknown, failed: boolean) => {
      const summary: RunSummary = {
        outcome: failed ? kindOf(error) : 'ok',
        ...(failed ? { error } : {}),
        replayed,
        durationMs: performance.now() - started,
        ...sum,
        requestId: sum.requestId ?? (ConnectorError.isInstance(error) ? error.requestId : undefined),
        actor,
      };
      for (const run of watched) run.end(summary);
      if (!info.lookup) await this.#remember(info, startedAt, summary);
      if (audited) {
        await this.#audit({
          actor,
          action: 'command.run',
          target: info.command,
          connection: info.connection,
          outcome: replayed ? 'replayed' : summary.outcome,
          requestId: summary.requestId,
        });
      }
    };
    return {
      observer,
      replayed: () => {
        replayed = true;
      },
      async finish(work) {
        let result: Awaited<typeof work>;
        try {
          result = await work;
        } catch (error) {
          await end(error, true);
          throw error;
        }
        await end(undefined, false);
        return result;
      },
    };
  }

  /**
   * Writes a run's history line. As with the audit log, the run has happened: a store that cannot
   * take the line must not turn it into a failure.
   */
  async #remember(info: RunInfo, at: Date, summary: RunSummary): Promise<void> {
    const error = summary.error;
    try {
      await this.#history.appendHistory({
        id: info.id ?? randomUUID(),
        at,
        command: info.command,
        connection: info.connection,
        surface: info.surface,
        actor: summary.actor,
        outcome: summary.replayed ? 'replayed' : summary.outcome,
        // Only a connector error's message: it is written for people and never holds a credential.
        message: ConnectorError.isInstance(error) ? error.message : undefined,
        durationMs: summary.durationMs,
        dryRun: info.dryRun,
        requestId: summary.requestId,
      });
    } catch (failure) {
      currentRequest()?.log?.error({ errorKind: kindOf(failure) }, 'run history line not written');
    }
  }

  /** Runs a connection change and records it in the audit log with its outcome. */
  async change<T>(action: ConnectionAction, connection: string, work: () => Promise<T>): Promise<T> {
    const entry = { actor: currentActor(), action, target: connection, connection };
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.#audit({ ...entry, outcome: kindOf(error) });
      throw error;
    }
    await this.#audit({ ...entry, outcome: 'ok' });
    return result;
  }

  /** Records that the provider refused a connection's credentials, so it now needs a reconnect. */
  async needsReconnect(connection: string): Promise<void> {
    await this.#audit({
      actor: currentActor(),
      action: 'connection.needs_reconnect',
      target: connection,
      connection,
      outcome: 'auth',
    });
  }

  /** Tells the watchers that a connection's OAuth tokens were refreshed at the provider. */
  refreshed(connection: string): void {
    for (const watcher of this.#watchers) watcher.refreshed?.(connection);
  }

  /**
   * Appends an audit entry. The change it records has happened: a store that cannot take the entry
   * (the database briefly away) must not turn it into a failure, so the miss is logged instead.
   */
  async #audit(entry: {
    actor: string;
    action: string;
    target: string;
    connection: string;
    outcome: string;
    requestId?: string | undefined;
  }): Promise<void> {
    try {
      await this.#log.appendAudit({ at: new Date(), ...entry });
    } catch (error) {
      const log = currentRequest()?.log;
      const note = { audit: { ...entry }, errorKind: kindOf(error) };
      if (log) log.error(note, 'audit entry not written');
      else process.emitWarning(`c-host could not write an audit entry for ${entry.action} ${entry.target}`);
    }
  }
}

/** A failure's kind: a connector error's own, else `internal`. */
export function kindOf(error: unknown): ErrorKind {
  return ConnectorError.isInstance(error) ? error.kind : 'internal';
}
