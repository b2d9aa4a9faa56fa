import type { NewRun, RunClaim, RunOutcome, RunRecord, RunStatus, RunStore } from './run-store.js';
import { type RunRow, resealer, runRecord } from './sealed-rows.js';
import type { SqliteDeps } from './sqlite-deps.js';

/** The async runs tables of the embedded store. */
export const RUN_SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  command TEXT NOT NULL,
  connection TEXT NOT NULL,
  input TEXT NOT NULL,
  repeat_safe INTEGER NOT NULL,
  status TEXT NOT NULL,
  progress TEXT,
  result TEXT,
  error TEXT,
  attempt INTEGER NOT NULL DEFAULT 0,
  owner TEXT,
  lease_expires_at INTEGER,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX IF NOT EXISTS runs_status ON runs (status, created_at);
CREATE INDEX IF NOT EXISTS runs_finished ON runs (finished_at);
CREATE TABLE IF NOT EXISTS run_pieces (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);
`;

/**
 * Async runs in the embedded SQLite store: every step is one statement or one transaction, fenced
 * by the run's attempt, so two processes on one data directory never both take a run.
 */
export class SqliteRunStore implements RunStore {
  readonly #deps: SqliteDeps;

  constructor(deps: SqliteDeps) {
    this.#deps = deps;
  }

  async createRun(run: NewRun): Promise<RunRecord> {
    this.#deps.db
      .prepare(
        `INSERT INTO runs (id, command, connection, input, repeat_safe, status, attempt, created_at)
         VALUES (?, ?, ?, ?, ?, 'queued', 0, ?)`,
      )
      .run(
        run.id,
        run.command,
        run.connection,
        this.#deps
          .box()
          .seal(
            JSON.stringify({ input: run.input, idempotencyKey: run.idempotencyKey, actor: run.actor }),
            `run:${run.id}:input`,
          ),
        run.repeatSafe ? 1 : 0,
        this.#deps.now().toISOString(),
      );
    return runRecord(this.#deps.box(), this.#runRow(run.id)!);
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const row = this.#runRow(id);
    return row ? runRecord(this.#deps.box(), row) : undefined;
  }

  async listRuns(filter: { status: RunStatus; limit?: number }): Promise<RunRecord[]> {
    const rows = this.#deps.db
      .prepare('SELECT * FROM runs WHERE status = ? ORDER BY created_at, id LIMIT ?')
      .all(filter.status, filter.limit ?? 100) as unknown as RunRow[];
    return rows.map((row) => runRecord(this.#deps.box(), row));
  }

  async claimNextRun(claim: RunClaim): Promise<RunRecord | undefined> {
    // One statement: two processes claiming at once never take the same run.
    const row = this.#deps.db
      .prepare(
        `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = ?, lease_expires_at = ?,
           started_at = COALESCE(started_at, ?)
         WHERE id = (SELECT id FROM runs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1)
         RETURNING *`,
      )
      .get(claim.owner, Date.now() + claim.leaseMs, this.#deps.now().toISOString()) as RunRow | undefined;
    return row ? runRecord(this.#deps.box(), row) : undefined;
  }

  async takeRun(id: string, claim: RunClaim): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    return this.#deps.transaction(() => {
      const row = this.#runRow(id);
      if (!row) return undefined;
      const previous = row.status as RunStatus;
      if (previous !== 'queued' && previous !== 'running')
        return { run: runRecord(this.#deps.box(), row), previous };
      const taken = this.#deps.db
        .prepare(
          `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = ?, lease_expires_at = ?,
             started_at = COALESCE(started_at, ?)
           WHERE id = ? RETURNING *`,
        )
        .get(
          claim.owner,
          Date.now() + claim.leaseMs,
          this.#deps.now().toISOString(),
          id,
        ) as unknown as RunRow;
      return { run: runRecord(this.#deps.box(), taken), previous };
    });
  }

  async touchRun(
    id: string,
    attempt: number,
    update: { leaseMs?: number; progress?: Record<string, unknown> },
  ): Promise<'running' | 'canceling' | undefined> {
    const row = this.#deps.db
      .prepare(
        `UPDATE runs SET lease_expires_at = COALESCE(?, lease_expires_at), progress = COALESCE(?, progress)
         WHERE id = ? AND attempt = ? AND status IN ('running', 'canceling') RETURNING status`,
      )
      .get(
        update.leaseMs === undefined ? null : Date.now() + update.leaseMs,
        update.progress === undefined ? null : JSON.stringify(update.progress),
        id,
        attempt,
      ) as { status: 'running' | 'canceling' } | undefined;
    return row?.status;
  }

  async cancelRun(id: string): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    // SET reads the row as it was: a queued run ends at once, a running one waits for its worker.
    const changed = this.#deps.db
      .prepare(
        `UPDATE runs SET status = CASE status WHEN 'queued' THEN 'canceled' ELSE 'canceling' END,
           finished_at = CASE status WHEN 'queued' THEN ? ELSE finished_at END
         WHERE id = ? AND status IN ('queued', 'running') RETURNING *`,
      )
      .get(this.#deps.now().toISOString(), id) as RunRow | undefined;
    if (changed) {
      return {
        run: runRecord(this.#deps.box(), changed),
        previous: changed.status === 'canceled' ? 'queued' : 'running',
      };
    }
    const row = this.#runRow(id);
    return row ? { run: runRecord(this.#deps.box(), row), previous: row.status as RunStatus } : undefined;
  }

  async releaseRun(id: string, attempt: number): Promise<boolean> {
    const changed = this.#deps.db
      .prepare(
        `UPDATE runs SET status = 'queued', owner = NULL, lease_expires_at = NULL, progress = NULL
         WHERE id = ? AND attempt = ? AND status = 'running'`,
      )
      .run(id, attempt);
    return Number(changed.changes) === 1;
  }

  async finishRun(id: string, attempt: number, outcome: RunOutcome): Promise<boolean> {
    return this.#deps.transaction(() => {
      const finishedAt = this.#deps.now().toISOString();
      const [status, column, value] =
        'result' in outcome
          ? (['succeeded', 'result', JSON.stringify(outcome.result)] as const)
          : 'canceled' in outcome
            ? (['canceled', 'error', outcome.error && JSON.stringify(outcome.error)] as const)
            : (['failed', 'error', JSON.stringify(outcome.error)] as const);
      const ended = this.#deps.db
        .prepare(
          `UPDATE runs SET status = ?, ${column} = ?, owner = NULL, lease_expires_at = NULL, finished_at = ?
           WHERE id = ? AND attempt = ? AND status IN ('running', 'canceling')`,
        )
        .run(
          status,
          value === undefined ? null : this.#deps.box().seal(value, `run:${id}:${column}`),
          finishedAt,
          id,
          attempt,
        );
      if (Number(ended.changes) !== 1) return false;
      if ('pieces' in outcome) {
        const insert = this.#deps.db.prepare('INSERT INTO run_pieces (run_id, seq, data) VALUES (?, ?, ?)');
        outcome.pieces.forEach((piece, seq) => {
          insert.run(id, seq, this.#deps.box().seal(piece, `run:${id}:piece:${seq}`));
        });
      }
      return true;
    });
  }

  async *readRunResult(id: string): AsyncIterable<string> {
    const read = this.#deps.db.prepare('SELECT data FROM run_pieces WHERE run_id = ? AND seq = ?');
    // One piece at a time: a big export is never all in memory on the way out.
    for (let seq = 0; ; seq += 1) {
      const row = read.get(id, seq) as { data: string } | undefined;
      if (!row) return;
      yield this.#deps.box().open(row.data, `run:${id}:piece:${seq}`);
    }
  }

  async pruneRuns(endedBefore: Date): Promise<number> {
    return this.#deps.transaction(() => {
      const cutoff = endedBefore.toISOString();
      this.#deps.db
        .prepare(
          `DELETE FROM run_pieces WHERE run_id IN (
             SELECT id FROM runs WHERE finished_at IS NOT NULL AND finished_at < ?)`,
        )
        .run(cutoff);
      return Number(
        this.#deps.db
          .prepare('DELETE FROM runs WHERE finished_at IS NOT NULL AND finished_at < ?')
          .run(cutoff).changes,
      );
    });
  }

  #runRow(id: string): RunRow | undefined {
    return this.#deps.db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
  }

  /** Re-seals every sealed value of every run under the current key, one run per transaction. */
  resealAll(): number {
    const ids = this.#deps.db.prepare('SELECT id FROM runs ORDER BY id').all() as { id: string }[];
    const resealed = resealer(this.#deps.box());
    for (const { id } of ids) {
      this.#deps.transaction(() => {
        const row = this.#runRow(id);
        if (!row) return;
        for (const column of ['input', 'result', 'error'] as const) {
          const value = resealed.again(row[column], `run:${id}:${column}`);
          if (value !== undefined) {
            this.#deps.db.prepare(`UPDATE runs SET ${column} = ? WHERE id = ?`).run(value, id);
          }
        }
        const pieces = this.#deps.db.prepare('SELECT seq, data FROM run_pieces WHERE run_id = ?').all(id) as {
          seq: number;
          data: string;
        }[];
        for (const piece of pieces) {
          const value = resealed.again(piece.data, `run:${id}:piece:${piece.seq}`);
          if (value !== undefined) {
            this.#deps.db
              .prepare('UPDATE run_pieces SET data = ? WHERE run_id = ? AND seq = ?')
              .run(value, id, piece.seq);
          }
        }
      });
    }
    return resealed.count;
  }
}
