import { hostname } from 'node:os';
import type { RunRecord } from '../store/run-store.js';
import { type Engine, POLL_MS, RUN_LEASE_MS, type Workers } from './engine.js';

/**
 * The embedded store's queue: workers claim the oldest queued run from the store (one statement,
 * so two processes never take the same run), up to `concurrency` at once, woken by a run submitted
 * here and polling for runs submitted by other processes. Each claim is a lease renewed while the
 * run runs; a run whose lease ran out, or whose process on this machine is gone, is recovered.
 */
export class LocalEngine implements Engine {
  readonly #workers: Workers;
  readonly #concurrency: number;
  #timer: NodeJS.Timeout | undefined;
  #pumping = false;
  #again = false;
  #taking: boolean;
  #lastSweep = 0;

  constructor(workers: Workers) {
    this.#workers = workers;
    this.#concurrency = workers.options.concurrency ?? 4;
    this.#taking = workers.options.work;
  }

  async start(): Promise<void> {
    if (!this.#taking) return;
    await this.#sweep();
    this.#timer = setInterval(() => void this.#tick(), POLL_MS);
    this.#timer.unref();
    void this.#pump();
  }

  async dispatch(): Promise<void> {
    if (this.#taking) void this.#pump();
  }

  async discard(): Promise<void> {}

  async stopTaking(): Promise<void> {
    this.#taking = false;
    clearInterval(this.#timer);
  }

  async close(): Promise<void> {}

  async #tick(): Promise<void> {
    if (Date.now() - this.#lastSweep >= RUN_LEASE_MS / 3) await this.#sweep().catch(() => {});
    await this.#pump();
  }

  /** Recovers the runs of workers that died: back to the queue when safe, else failed. */
  async #sweep(): Promise<void> {
    this.#lastSweep = Date.now();
    for (const status of ['running', 'canceling'] as const) {
      for (const run of await this.#workers.store.runs.listRuns({ status, limit: 1000 })) {
        if (run.owner === this.#workers.owner || !workerGone(run)) continue;
        await this.#workers.recover(run, true);
      }
    }
  }

  /** Claims and starts queued runs while there is room. */
  async #pump(): Promise<void> {
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#again = false;
        while (this.#taking && this.#workers.running() < this.#concurrency) {
          const run = await this.#workers.store.runs.claimNextRun({
            owner: this.#workers.owner,
            leaseMs: RUN_LEASE_MS,
          });
          if (!run) break;
          void this.#workers.execute(run).then(() => this.#pump());
        }
      } while (this.#again);
    } catch {
      // The store is busy past its timeout: the next tick tries again.
    } finally {
      this.#pumping = false;
    }
  }
}

/** Whether a running run's worker is gone: its lease ran out, or its process on this machine exited. */
function workerGone(run: RunRecord): boolean {
  if ((run.leaseExpiresAt ?? 0) <= Date.now()) return true;
  const [host, pid] = (run.owner ?? '').split(':');
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: the process exists (another user's).
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
