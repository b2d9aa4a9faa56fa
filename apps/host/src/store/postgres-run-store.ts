import type { PostgresDeps } from './postgres-deps.js';
import type { NewRun, RunClaim, RunOutcome, RunRecord, RunStatus, RunStore } from './run-store.js';
import { type RunRow, resealer, runRecord } from './sealed-rows.js';

/**
 * Async runs in PostgreSQL, shared by every instance of a fleet: every step is one statement or one
 * transaction, fenced by the run's attempt, and workers claiming at once skip each other's rows.
 */
export class PostgresRunStore implements RunStore {
  readonly #deps: PostgresDeps;

  constructor(deps: PostgresDeps) {
    this.#deps = deps;
  }

  async createRun(run: NewRun): Promise<RunRecord> {
    const { rows } = await this.#deps.pool.query<RunRow>(
      `INSERT INTO runs (id, command, connection, input, repeat_safe, status, attempt, created_at)
       VALUES ($1, $2, $3, $4, $5, 'queued', 0, $6) RETURNING *`,
      [
        run.id,
        run.command,
        run.connection,
        this.#deps
          .box()
          .seal(
            JSON.stringify({ input: run.input, idempotencyKey: run.idempotencyKey, actor: run.actor }),
            `run:${run.id}:input`,
          ),
        run.repeatSafe,
        this.#deps.now(),
      ],
    );
    return runRecord(this.#deps.box(), rows[0]!);
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const { rows } = await this.#deps.pool.query<RunRow>('SELECT * FROM runs WHERE id = $1', [id]);
    return rows[0] ? runRecord(this.#deps.box(), rows[0]) : undefined;
  }

  async listRuns(filter: { status: RunStatus; limit?: number }): Promise<RunRecord[]> {
    const { rows } = await this.#deps.pool.query<RunRow>(
      'SELECT * FROM runs WHERE status = $1 ORDER BY created_at, id LIMIT $2',
      [filter.status, filter.limit ?? 100],
    );
    return rows.map((row) => runRecord(this.#deps.box(), row));
  }

  async claimNextRun(claim: RunClaim): Promise<RunRecord | undefined> {
    // SKIP LOCKED: workers claiming at once each take a different run, none waits for another.
    const { rows } = await this.#deps.pool.query<RunRow>(
      `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = $1, lease_expires_at = $2,
         started_at = COALESCE(started_at, $3)
       WHERE id = (SELECT id FROM runs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [claim.owner, Date.now() + claim.leaseMs, this.#deps.now()],
    );
    return rows[0] ? runRecord(this.#deps.box(), rows[0]) : undefined;
  }

  async takeRun(id: string, claim: RunClaim): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    return this.#deps.transaction(async (client) => {
      const { rows } = await client.query<RunRow>('SELECT * FROM runs WHERE id = $1 FOR UPDATE', [id]);
      const row = rows[0];
      if (!row) return undefined;
      const previous = row.status as RunStatus;
      if (previous !== 'queued' && previous !== 'running')
        return { run: runRecord(this.#deps.box(), row), previous };
      const taken = await client.query<RunRow>(
        `UPDATE runs SET status = 'running', attempt = attempt + 1, owner = $1, lease_expires_at = $2,
           started_at = COALESCE(started_at, $3)
         WHERE id = $4 RETURNING *`,
        [claim.owner, Date.now() + claim.leaseMs, this.#deps.now(), id],
      );
      return { run: runRecord(this.#deps.box(), taken.rows[0]!), previous };
    });
  }

  async touchRun(
    id: string,
    attempt: number,
    update: { leaseMs?: number; progress?: Record<string, unknown> },
  ): Promise<'running' | 'canceling' | undefined> {
    const { rows } = await this.#deps.pool.query<{ status: 'running' | 'canceling' }>(
      `UPDATE runs SET lease_expires_at = COALESCE($1, lease_expires_at), progress = COALESCE($2, progress)
       WHERE id = $3 AND attempt = $4 AND status IN ('running', 'canceling') RETURNING status`,
      [
        update.leaseMs === undefined ? null : Date.now() + update.leaseMs,
        update.progress === undefined ? null : JSON.stringify(update.progress),
        id,
        attempt,
      ],
    );
    return rows[0]?.status;
  }

  async cancelRun(id: string): Promise<{ run: RunRecord; previous: RunStatus } | undefined> {
    // SET reads the row as it was: a queued run ends at once, a running one waits for its worker.
    const { rows } = await this.#deps.pool.query<RunRow>(
      `UPDATE runs SET status = CASE status WHEN 'queued' THEN 'canceled' ELSE 'canceling' END,
         finished_at = CASE status WHEN 'queued' THEN $1 ELSE finished_at END
       WHERE id = $2 AND status IN ('queued', 'running') RETURNING *`,
      [this.#deps.now(), id],
    );
    const changed = rows[0];
    if (changed) {
      return {
        run: runRecord(this.#deps.box(), changed),
        previous: changed.status === 'canceled' ? 'queued' : 'running',
      };
    }
    const row = (await this.#deps.pool.query<RunRow>('SELECT * FROM runs WHERE id = $1', [id])).rows[0];
    return row ? { run: runRecord(this.#deps.box(), row), previous: row.status as RunStatus } : undefined;
  }

  async releaseRun(id: string, attempt: number): Promise<boolean> {
    const { rowCount } = await this.#deps.pool.query(
      `UPDATE runs SET status = 'queued', owner = NULL, lease_expires_at = NULL, progress = NULL
       WHERE id = $1 AND attempt = $2 AND status = 'running'`,
      [id, attempt],
    );
    return rowCount === 1;
  }

  async finishRun(id: string, attempt: number, outcome: RunOutcome): Promise<boolean> {
    return this.#deps.transaction(async (client) => {
      const [status, column, value] =
        'result' in outcome
          ? (['succeeded', 'result', JSON.stringify(outcome.result)] as const)
          : 'canceled' in outcome
            ? (['canceled', 'error', outcome.error && JSON.stringify(outcome.error)] as const)
            : (['failed', 'error', JSON.stringify(outcome.error)] as const);
      const ended = await client.query(
        `UPDATE runs SET status = $1, ${column} = $2, owner = NULL, lease_expires_at = NULL, finished_at = $3
         WHERE id = $4 AND attempt = $5 AND status IN ('running', 'canceling')`,
        [
          status,
          value === undefined ? null : this.#deps.box().seal(value, `run:${id}:${column}`),
          this.#deps.now(),
          id,
          attempt,
        ],
      );
      if (ended.rowCount !== 1) return false;
      if ('pieces' in outcome) {
        for (const [seq, piece] of outcome.pieces.entries()) {
          await client.query('INSERT INTO run_pieces (run_id, seq, data) VALUES ($1, $2, $3)', [
            id,
            seq,
            this.#deps.box().seal(piece, `run:${id}:piece:${seq}`),
          ]);
        }
      }
      return true;
    });
  }

  async *readRunResult(id: string): AsyncIterable<string> {
    // One piece per query: a big export is never all in memory on the way out.
    for (let seq = 0; ; seq += 1) {
      const { rows } = await this.#deps.pool.query<{ data: string }>(
        'SELECT data FROM run_pieces WHERE run_id = $1 AND seq = $2',
        [id, seq],
      );
      if (!rows[0]) return;
      yield this.#deps.box().open(rows[0].data, `run:${id}:piece:${seq}`);
    }
  }

  async pruneRuns(endedBefore: Date): Promise<number> {
    // Their pieces go with them (ON DELETE CASCADE).
    const { rowCount } = await this.#deps.pool.query('DELETE FROM runs WHERE finished_at < $1', [
      endedBefore,
    ]);
    return rowCount ?? 0;
  }

  /** Re-seals every sealed value of every run under the current key, one run per transaction. */
  async resealAll(): Promise<number> {
    const resealed = resealer(this.#deps.box());
    const ids = await this.#deps.pool.query<{ id: string }>('SELECT id FROM runs ORDER BY id');
    for (const { id } of ids.rows) {
      await this.#deps.transaction(async (client) => {
        const { rows } = await client.query<RunRow>('SELECT * FROM runs WHERE id = $1 FOR UPDATE', [id]);
        const row = rows[0];
        if (!row) return;
        for (const column of ['input', 'result', 'error'] as const) {
          const value = resealed.again(row[column], `run:${id}:${column}`);
          if (value !== undefined)
            await client.query(`UPDATE runs SET ${column} = $1 WHERE id = $2`, [value, id]);
        }
        const pieces = await client.query<{ seq: number; data: string }>(
          'SELECT seq, data FROM run_pieces WHERE run_id = $1',
          [id],
        );
        for (const piece of pieces.rows) {
          const value = resealed.again(piece.data, `run:${id}:piece:${piece.seq}`);
          if (value !== undefined) {
            await client.query('UPDATE run_pieces SET data = $1 WHERE run_id = $2 AND seq = $3', [
              value,
              id,
              piece.seq,
            ]);
          }
        }
      });
    }
    return resealed.count;
  }
}
