import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { InternalError, NotFoundError, toErrorJson, ValidationError } from '@c/core';
import type { HostConfig } from '../config.js';
import { currentActor } from '../observability/request-context.js';
import type { Registry } from '../registry.js';
import type { CheckedRun, Runner } from '../run/runner.js';
import type { HostStore } from '../store/host-store.js';
import type { RunOutcome, RunRecord, RunStatus } from '../store/run-store.js';
import {
  ENDED,
  type Engine,
  type Outcome,
  POLL_MS,
  RUN_LEASE_MS,
  type RunServiceOptions,
  type Workers,
} from './engine.js';
import { LocalEngine } from './local-engine.js';
import { auditRun } from './run-audit.js';
import { CancelReason, executeRun, LostClaim, StopReason } from './run-execution.js';
import { followRun, type RunEvent } from './run-follow.js';
import { hintsOf, outcomeUnknown, resultText, viewJson, viewJsonIndented } from './run-results.js';

export type { RunServiceOptions } from './engine.js';
export type { EndStatus, RunEvent } from './run-follow.js';
export type { RunView } from './run-results.js';

/** How long ended runs (and their results) are kept. */
const RUN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the run history keeps a line (a month of work to look back on). */
const HISTORY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** The setting in which workers say until when (epoch ms) one of them is surely alive. */
const WORKER_SETTING = 'runs_worker_until';

/** The body of `POST /api/runs`: a command to run in the background. */
export interface RunRequest {
  /** The qualified command id, e.g. `analytics.exportData`. */
  command: string;
  /** The connection's name; the connector's default when absent. */
  connection?: string | undefined;
  input?: unknown;
  /** Write commands: the caller's idempotency key, as for a run in the request. */
  idempotencyKey?: string | undefined;
}

/** What the run service uses of the host: the composition root hands it these. */
export interface RunsHost {
  readonly config: Pick<HostConfig, 'databaseUrl'>;
  readonly registry: Registry;
  readonly store: Pick<HostStore, 'runs' | 'settings' | 'audit' | 'history'>;
  /** The run pipeline: a run is checked when submitted and run by a worker through it. */
  readonly runner: Pick<Runner, 'check' | 'run'>;
}

/**
 * Async runs: a command accepted now (`submit`), run in the background by a worker, its progress,
 * result or error kept in the store, where any process or instance reads it. The run does not
 * depend on whoever asked for it: a client that goes away changes nothing.
 *
 * Workers: on the embedded store, an in-process queue (bounded concurrency) that claims runs from
 * the store, so runs queued by a CLI are picked up by the server on the same data directory. In a
 * fleet (`C_HOST_DATABASE_URL`), every run is a pg-boss job that any instance may take. When a worker
 * dies mid-run (a crash, SIGKILL), the run is taken up again where repeating it is safe (a read, a
 * write with an idempotency key, a write idempotent by nature), and
 * otherwise ends `failed` with `outcomeUnknown`: on the embedded store by the next process that
 * finds the dead worker's claim (at once when that process is on the same machine), in a fleet by
 * pg-boss's heartbeats and retries.
 */
export class RunService {
  readonly #host: RunsHost;
  /** Runs submitted in this process, as checked: a worker of this process runs them without a second check. */
  readonly #checked = new Map<string, CheckedRun>();
  readonly #store: Pick<HostStore, 'runs' | 'settings' | 'audit' | 'history'>;
  readonly #options: RunServiceOptions;
  readonly #owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #events = new EventEmitter().setMaxListeners(0);
  readonly #active = new Map<string, Execution>();
  #engine: Promise<Engine> | undefined;
  #beat: NodeJS.Timeout | undefined;
  #stopping = false;

  private constructor(host: RunsHost, options: RunServiceOptions) {
    this.#host = host;
    this.#store = host.store;
    this.#options = options;
  }

  /**
   * Opens the service on a host. With `work` it starts working at once (in a fleet it connects to
   * the queue); without, it connects only when a run is first submitted, so reading runs costs nothing.
   */
  static async open(host: RunsHost, options: RunServiceOptions): Promise<RunService> {
    const service = new RunService(host, options);
    if (options.work) {
      await service.#engineReady();
      await service.#heartbeat();
      service.#beat = setInterval(() => void service.#heartbeat().catch(() => {}), RUN_LEASE_MS / 3);
      service.#beat.unref();
    }
    return service;
  }

  /**
   * Checks a request as a run in the request would (the command, its input, the idempotency key,
   * the connection: the run pipeline's `check`), records the run and queues it. Nothing is sent
   * before a worker takes it.
   */
  async submit(request: RunRequest): Promise<{ id: string; status: RunStatus }> {
    if (this.#stopping) throw new InternalError('This c-host is stopping: submit the run again');
    return this.submitChecked(await this.#host.runner.check(request));
  }

  /** Records and queues a run a surface has checked already (the CLI checks before it confirms). */
  async submitChecked(checked: CheckedRun): Promise<{ id: string; status: RunStatus }> {
    if (this.#stopping) throw new InternalError('This c-host is stopping: submit the run again');
    const { entry, idempotencyKey: key } = checked;
    const hints = hintsOf(entry);
    const run = await this.#store.runs.createRun({
      id: randomUUID(),
      command: entry.id,
      connection: checked.connection.name,
      input: checked.input,
      idempotencyKey: key,
      repeatSafe: hints.readOnly || hints.idempotent || key !== undefined,
      // The worker runs it later, outside this request: it acts (and is audited) for this caller.
      actor: currentActor(),
    });
    this.#checked.set(run.id, checked);
    try {
      await (await this.#engineReady()).dispatch(run);
    } catch (error) {
      this.#checked.delete(run.id);
      // Not queued: the run must not stay `queued` with no job behind it.
      const taken = await this.#store.runs.takeRun(run.id, { owner: this.#owner, leaseMs: RUN_LEASE_MS });
      if (taken)
        await this.#store.runs.finishRun(run.id, taken.run.attempt, { error: { ...toErrorJson(error) } });
      throw error;
    }
    // Another process works it (a worker, or any instance of a fleet): what this one checked is of
    // no use there, and is not kept here.
    if (!this.#options.work || this.#host.config.databaseUrl) this.#checked.delete(run.id);
    if (!this.#options.work && !(await this.#workerAlive())) this.#options.startWorker?.();
    return { id: run.id, status: run.status };
  }

  /** A run's record; a `NotFoundError` (404) when there is none. */
  async get(id: string): Promise<RunRecord> {
    const run = await this.#store.runs.getRun(id);
    if (!run) {
      throw new NotFoundError(`There is no run "${id}" (runs are kept for 7 days after they end)`, {
        details: { run: id },
      });
    }
    return run;
  }

  /**
   * Cancels a run. A queued one ends `canceled` at once and is never sent; a running one becomes
   * `canceling`: its worker aborts the command's signal (the call in flight is cut off) and ends it
   * `canceled`, at once when it runs in this process, else at its next lease renewal (a third of the
   * lease at most), wherever in the fleet it runs. Canceling again is harmless; a run that already
   * ended otherwise is a `ValidationError` (409). Audited as `run.cancel` for the current actor.
   */
  async cancel(id: string): Promise<RunRecord> {
    const asked = await this.#store.runs.cancelRun(id);
    if (!asked) await this.get(id);
    const { run, previous } = asked!;
    this.#checked.delete(id);
    if (previous === 'succeeded' || previous === 'failed') {
      throw new ValidationError(`Run "${id}" has already ${previous}: there is nothing to cancel`, {
        parameter: 'id',
        details: { conflict: true, run: id, status: previous },
      });
    }
    if (previous !== 'queued' && previous !== 'running') return run;
    if (previous === 'queued') {
      this.#events.emit(`end:${id}`);
      await this.#engine?.then((engine) => engine.discard(id)).catch(() => {});
    }
    // Its worker is this process: no need to wait for the next renewal.
    this.#active.get(id)?.controller.abort(new CancelReason());
    await auditRun(this.#store, run, 'cancel');
    return run;
  }

  /** A run's view as JSON text, in pieces: a big result is read from the store a piece at a time. */
  viewJson(run: RunRecord): AsyncGenerator<string> {
    return viewJson(this.#store, run);
  }

  /** A run's view as indented JSON text, in pieces (see `viewJsonIndented`). */
  viewJsonIndented(run: RunRecord): AsyncGenerator<string> {
    return viewJsonIndented(this.#store, run);
  }

  /** A succeeded run's result as JSON or NDJSON text, in pieces (see `resultText`). */
  resultText(run: RunRecord, format: 'json' | 'ndjson'): AsyncGenerator<string> {
    return resultText(this.#store, run, format);
  }

  /**
   * Follows a run: its status now (and its latest progress), then each change, then its end (see
   * `followRun`). Ends early, without an `end`, when `signal` aborts.
   */
  follow(id: string, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    return followRun(
      { get: (run) => this.get(run), events: this.#events, runsHere: (run) => this.#active.has(run) },
      id,
      signal,
    );
  }

  /**
   * Resolves when this worker has nothing to do: no run of its own and none queued, twice a second
   * apart (so a run queued just now is seen). For a worker process that exits when done.
   */
  async idle(): Promise<void> {
    for (let quiet = 0; quiet < 2; ) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const busy =
        this.#active.size > 0 || (await this.#store.runs.listRuns({ status: 'queued', limit: 1 })).length > 0;
      quiet = busy ? 0 : quiet + 1;
    }
  }

  /**
   * Stops taking runs, lets running ones finish for `graceMs`, then stops them: one that is safe
   * to repeat goes back to the queue, any other ends `failed` with `outcomeUnknown`.
   */
  async stop(): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    clearInterval(this.#beat);
    const engine = await this.#engine?.catch(() => undefined);
    await engine?.stopTaking();
    if (this.#options.work) {
      // A CLI that submits now must not count on this process any more: it starts a worker.
      await this.#store.settings.deleteSetting(WORKER_SETTING).catch(() => {});
    }
    const running = [...this.#active.values()].map((execution) => execution.done);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => {
      timer = setTimeout(resolve, this.#options.graceMs ?? 10_000);
    });
    await Promise.race([Promise.all(running), grace]);
    clearTimeout(timer);
    for (const execution of this.#active.values()) execution.controller.abort(new StopReason());
    await Promise.all(running);
    await engine?.close();
  }

  #engineReady(): Promise<Engine> {
    this.#engine ??= (async () => {
      const workers = this.#workers();
      const url = this.#host.config.databaseUrl;
      const engine = url
        ? await (await import('./boss-engine.js')).BossEngine.create(url, workers)
        : new LocalEngine(workers);
      await engine.start();
      return engine;
    })();
    return this.#engine;
  }

  /** Says that a worker is alive (for CLIs deciding whether to start one), and prunes old runs and history. */
  async #heartbeat(): Promise<void> {
    await this.#store.settings.setSetting(WORKER_SETTING, String(Date.now() + RUN_LEASE_MS));
    await this.#store.runs.pruneRuns(new Date(Date.now() - RUN_RETENTION_MS));
    await this.#store.history.pruneHistory(new Date(Date.now() - HISTORY_RETENTION_MS));
  }

  /** How a canceled run ends: with `outcomeUnknown` when it had started a command that may write. */
  #canceled(run: RunRecord): RunOutcome {
    const entry = this.#host.registry.command(run.command);
    if (entry && hintsOf(entry).readOnly) return { canceled: true };
    return { canceled: true, error: outcomeUnknown(run, 'canceled') };
  }

  async #workerAlive(): Promise<boolean> {
    return Number((await this.#store.settings.getSetting(WORKER_SETTING)) ?? 0) > Date.now();
  }

  #workers(): Workers {
    return {
      owner: this.#owner,
      store: this.#store,
      options: this.#options,
      running: () => this.#active.size,
      execute: (run, claimLost) => this.#executeTracked(run, claimLost),
      take: (id, claimLost) => this.#take(id, claimLost),
      recover: (run, requeue) => this.#recover(run, requeue),
    };
  }

  #executeTracked(run: RunRecord, claimLost?: AbortSignal): Promise<Outcome> {
    const controller = new AbortController();
    const onLost = () => controller.abort(new LostClaim());
    claimLost?.addEventListener('abort', onLost);
    const done = this.#execute(run, controller).finally(() => {
      claimLost?.removeEventListener('abort', onLost);
      this.#active.delete(run.id);
      this.#events.emit(`end:${run.id}`);
    });
    this.#active.set(run.id, { controller, done });
    return done;
  }

  #execute(run: RunRecord, controller: AbortController): Promise<Outcome> {
    return executeRun(
      {
        store: this.#store,
        run: async (handlers) =>
          this.#host.runner.run(await this.#checkedRun(run), {
            ...handlers,
            surface: 'async',
            runId: run.id,
          }),
        progress: (progress) => this.#events.emit(`progress:${run.id}`, progress),
        canceled: (ended) => this.#canceled(ended),
      },
      run,
      controller,
    );
  }

  /**
   * A run as the pipeline checked it: as this process checked it when it was submitted here, else
   * (queued by another process, or taken again after a worker died) checked now from the store.
   */
  async #checkedRun(run: RunRecord): Promise<CheckedRun> {
    const checked = this.#checked.get(run.id);
    this.#checked.delete(run.id);
    return (
      checked ??
      this.#host.runner.check({
        command: run.command,
        input: run.input,
        connection: run.connection,
        idempotencyKey: run.idempotencyKey,
      })
    );
  }

  async #take(id: string, claimLost?: AbortSignal): Promise<Outcome> {
    const taken = await this.#store.runs.takeRun(id, { owner: this.#owner, leaseMs: RUN_LEASE_MS });
    // Unknown (pruned) or already ended (its worker died after recording the end): nothing to do.
    if (!taken || ENDED.has(taken.previous)) return 'ended';
    // Its worker died while it was being canceled: it ends as asked, not run again.
    if (taken.previous === 'canceling') {
      await this.#store.runs.finishRun(id, taken.run.attempt, this.#canceled(taken.run));
      return 'ended';
    }
    if (taken.previous === 'running' && !taken.run.repeatSafe) {
      await this.#endUnknown(taken.run);
      return 'ended';
    }
    return this.#executeTracked(taken.run, claimLost);
  }

  async #recover(run: RunRecord, requeue: boolean): Promise<void> {
    if (run.status === 'canceling')
      await this.#store.runs.finishRun(run.id, run.attempt, this.#canceled(run));
    else if (requeue && run.repeatSafe) await this.#store.runs.releaseRun(run.id, run.attempt);
    else await this.#endUnknown(run);
  }

  /** Ends a write whose worker died mid-run: `failed` with `outcomeUnknown`, and audited once. */
  async #endUnknown(run: RunRecord): Promise<void> {
    const ended = await this.#store.runs.finishRun(run.id, run.attempt, {
      error: outcomeUnknown(run, 'died'),
    });
    if (ended) await auditRun(this.#store, run, 'unknown');
  }
}

interface Execution {
  controller: AbortController;
  done: Promise<Outcome>;
}
