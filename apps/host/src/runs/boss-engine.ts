import type { RunRecord } from '../store/run-store.js';
import { ENDED, type Engine, type Workers } from './engine.js';

/** The pg-boss queue of runs and the one where the queue puts a job it gave up on. */
const QUEUE = 'c-host-runs';
const DEAD_QUEUE = 'c-host-runs-dead';
/** pg-boss's own schema, beside the host's (`c_host`). */
const QUEUE_SCHEMA = 'c_host_queue';
/**
 * How long a fleet job may go without its instance's heartbeat before pg-boss hands it to another
 * instance (pg-boss's minimum), and how often its supervisor looks.
 */
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 5;

/** The part of pg-boss the engine uses (loaded only in a fleet). */
type PgBoss = import('pg-boss').PgBoss;

/**
 * The fleet's queue: each run is a pg-boss job (its id the run's), so any instance may take it.
 * A job's instance sends heartbeats; when they stop (the instance died), pg-boss's supervisor fails
 * the job and retries it on another instance, whose `take` decides from the run's record: run it
 * again when that is safe, else end it `failed` with `outcomeUnknown`. A job that keeps losing its
 * instance (an export that kills every instance that runs it) is given up after two retries, into a
 * dead-letter queue whose worker ends the run the same way.
 */
export class BossEngine implements Engine {
  readonly #boss: PgBoss;
  readonly #workers: Workers;
  #timer: NodeJS.Timeout | undefined;

  private constructor(boss: PgBoss, workers: Workers) {
    this.#boss = boss;
    this.#workers = workers;
  }

  static async create(url: string, workers: Workers): Promise<BossEngine> {
    const { PgBoss } = await import('pg-boss');
    const work = workers.options.work;
    const boss = new PgBoss({
      connectionString: url,
      schema: QUEUE_SCHEMA,
      application_name: 'c-host runs',
      max: 4,
      // Only workers supervise (fail the jobs whose heartbeats stopped) and listen; a CLI only sends.
      supervise: work,
      schedule: false,
      useListenNotify: work,
      registerInstance: work,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
    });
    // pg-boss reports failures of its background work here (a lost connection, which it retries).
    boss.on('error', () => {});
    return new BossEngine(boss, workers);
  }

  async start(): Promise<void> {
    await this.#boss.start();
    await this.#boss.createQueue(DEAD_QUEUE, { retryLimit: 0 });
    await this.#boss.createQueue(QUEUE, {
      heartbeatSeconds: HEARTBEAT_SECONDS,
      retryLimit: 2,
      retryDelay: 1,
      // A run may take a day at most: pg-boss's longest expiry.
      expireInSeconds: 24 * 60 * 60,
      deleteAfterSeconds: 24 * 60 * 60,
      deadLetter: DEAD_QUEUE,
      notify: true,
    });
    if (!this.#workers.options.work) return;
    await this.#boss.work<{ runId: string }>(
      QUEUE,
      {
        localConcurrency: this.#workers.options.concurrency ?? 4,
        pollingIntervalSeconds: 2,
        // A new job wakes the workers (NOTIFY), but one retried after its instance died does not.
        notifyPollingIntervalSeconds: 2,
      },
      async ([job]) => {
        if (!job) return;
        // Thrown, a stopped run's job is retried by pg-boss, on another instance or after a restart.
        if ((await this.#workers.take(job.data.runId, job.signal)) === 'released') {
          throw new Error('c-host stopped: the run goes back to the queue');
        }
      },
    );
    await this.#boss.work<{ runId: string }>(DEAD_QUEUE, async ([job]) => {
      if (!job) return;
      const run = await this.#workers.store.runs.getRun(job.data.runId);
      if (run && !ENDED.has(run.status)) await this.#workers.recover(run, false);
    });
    await this.#requeueStranded();
    this.#timer = setInterval(() => void this.#requeueStranded().catch(() => {}), 60_000);
    this.#timer.unref();
  }

  async dispatch(run: RunRecord): Promise<void> {
    await this.#boss.send(QUEUE, { runId: run.id }, { id: run.id });
  }

  async discard(id: string): Promise<void> {
    await this.#boss.cancel(QUEUE, id);
  }

  async stopTaking(): Promise<void> {
    clearInterval(this.#timer);
    if (this.#workers.options.work) await this.#boss.offWork(QUEUE, { wait: false });
  }

  async close(): Promise<void> {
    await this.#boss.stop({ graceful: false, close: true });
  }

  /**
   * Sends again the jobs of runs still queued a minute after they were made: an instance that died
   * between recording a run and sending its job (so before it answered 202) left it without one.
   * The job id is the run's, so a run that has its job gets no second one.
   */
  async #requeueStranded(): Promise<void> {
    const before = Date.now() - 60_000;
    for (const run of await this.#workers.store.runs.listRuns({ status: 'queued', limit: 1000 })) {
      if (Date.parse(run.createdAt) < before) await this.dispatch(run);
    }
  }
}
