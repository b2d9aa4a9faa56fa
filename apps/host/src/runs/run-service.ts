import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import {
  checkIdempotencyKey,
  type ErrorJson,
  InternalError,
  NotFoundError,
  type Progress,
  toErrorJson,
  ValidationError,
} from '@c/core';
import type { Host } from '../host.js';
import { CLI_ACTOR, currentActor, withRequestContext } from '../observability/request-context.js';
import type { RegisteredCommand } from '../registry.js';
import { listItems } from '../result-list.js';
import type { HostStore } from '../store/host-store.js';
import type { RunOutcome, RunRecord, RunResult, RunStatus } from '../store/run-store.js';

/** The store's roles async runs use: the runs, settings (the queue's state) and the audit log. */
type RunRoles = Pick<HostStore, 'runs' | 'settings' | 'audit'>;

/** How long a worker's claim on a run holds without renewal (renewed every third of it). */
const RUN_LEASE_MS = 30_000;
/** How long ended runs (and their results) are kept. */
const RUN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The size of a stored piece of a result's list (whole NDJSON lines, so a little more at most). */
const PIECE_CHARS = 1024 * 1024;
/** How often progress reaches the store (and so other processes); this process's watchers get every update. */
const PROGRESS_SAVE_MS = 500;
/** How often a watcher re-reads a run that runs elsewhere, and a worker looks for queued runs. */
const POLL_MS = 1000;
/** The setting in which workers say until when (epoch ms) one of them is surely alive. */
const WORKER_SETTING = 'runs_worker_until';
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

/** What every surface shows of a run (the result in full only when it has succeeded). */
export interface RunView {
  id: string;
  command: string;
  connection: string;
  status: RunStatus;
  progress: Progress | null;
  result: unknown;
  error: ErrorJson | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** One event of a run as it is followed (`GET /api/runs/{id}/events`, `c-host run --async`). */
export type RunEvent =
  | { type: 'status'; id: string; status: RunStatus }
  | { type: 'progress'; id: string; progress: Progress }
  | { type: 'end'; id: string; status: EndStatus; error: ErrorJson | null };

/** How a run ended. */
export type EndStatus = 'succeeded' | 'failed' | 'canceled';

/** Options of `RunService.open`. */
export interface RunServiceOptions {
  /**
   * Run queued runs in this process: a server, or a worker of its own. False (a CLI that only
   * submits and reads) leaves them to the workers, starting one with `startWorker` when none is alive.
   */
  work: boolean;
  /** Runs at once in this process (default 4). */
  concurrency?: number;
  /** How long `stop` lets running runs finish before it puts them back (default 10 s). */
  graceMs?: number;
  /**
   * Starts a worker process (the CLI's `c-host runs work`) when a run is queued and no process (no
   * server, no other worker) runs queued runs.
   */
  startWorker?: (() => void) | undefined;
}

const ENDED = new Set<RunStatus>(['succeeded', 'failed', 'canceled']);

/** What a worker does with a run it was handed; `released` when it went back to the queue. */
type Outcome = 'ended' | 'released' | 'lost';

/** The worker side of the service, as the engines see it. */
interface Workers {
  readonly owner: string;
  readonly store: RunRoles;
  readonly options: RunServiceOptions;
  /** How many runs this process runs now. */
  running(): number;
  /** Runs a claimed attempt to its end (or until its claim is lost or the service stops it). */
  execute(run: RunRecord, claimLost?: AbortSignal): Promise<Outcome>;
  /** Runs (or, when repeating is unsafe, ends) a run that a queue handed to this worker. */
  take(id: string, claimLost?: AbortSignal): Promise<Outcome>;
  /** Ends a run whose worker died: back to the queue when safe (and asked), else failed. */
  recover(run: RunRecord, requeue: boolean): Promise<void>;
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
  readonly #host: Host;
  readonly #store: RunRoles;
  readonly #options: RunServiceOptions;
  readonly #owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #events = new EventEmitter().setMaxListeners(0);
  readonly #active = new Map<string, Execution>();
  #engine: Promise<Engine> | undefined;
  #beat: NodeJS.Timeout | undefined;
  #stopping = false;

  private constructor(host: Host, options: RunServiceOptions) {
    this.#host = host;
    this.#store = host.store;
    this.#options = options;
  }

  /**
   * Opens the service on a host. With `work` it starts working at once (in a fleet it connects to
   * the queue); without, it connects only when a run is first submitted, so reading runs costs nothing.
   */
  static async open(host: Host, options: RunServiceOptions): Promise<RunService> {
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
   * the connection), records the run and queues it. Nothing is sent before a worker takes it.
   */
  async submit(request: RunRequest): Promise<{ id: string; status: RunStatus }> {
    if (this.#stopping) throw new InternalError('This c-host is stopping: submit the run again');
    const entry = this.#host.registry.require(request.command);
    const input = request.input ?? {};
    entry.command.parse(input);
    const hints = hintsOf(entry);
    const key = checkIdempotencyKey(request.idempotencyKey, !hints.readOnly, entry.id);
    const connection = await this.#host.connections.resolve(entry.connectorId, request.connection);
    const run = await this.#store.runs.createRun({
      id: randomUUID(),
      command: entry.id,
      connection: connection.name,
      input,
      idempotencyKey: key,
      repeatSafe: hints.readOnly || hints.idempotent || key !== undefined,
      // The worker runs it later, outside this request: it acts (and is audited) for this caller.
      actor: currentActor(),
    });
    try {
      await (await this.#engineReady()).dispatch(run);
    } catch (error) {
      // Not queued: the run must not stay `queued` with no job behind it.
      const taken = await this.#store.runs.takeRun(run.id, { owner: this.#owner, leaseMs: RUN_LEASE_MS });
      if (taken)
        await this.#store.runs.finishRun(run.id, taken.run.attempt, { error: { ...toErrorJson(error) } });
      throw error;
    }
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
    await this.#audit(run);
    return run;
  }

  /** A run's view as JSON text, in pieces: a big result is read from the store a piece at a time. */
  async *viewJson(run: RunRecord): AsyncGenerator<string> {
    const view = viewOf(run);
    const { id, command, connection, status, progress } = view;
    yield `${JSON.stringify({ id, command, connection, status, progress }).slice(0, -1)},"result":`;
    if (run.status === 'succeeded') yield* this.resultText(run, 'json');
    else yield 'null';
    const { error, createdAt, startedAt, finishedAt } = view;
    yield `,${JSON.stringify({ error, createdAt, startedAt, finishedAt }).slice(1)}`;
  }

  /**
   * A run's view as indented JSON text, exactly `JSON.stringify(view, null, 2)`, in pieces: a
   * result's list is read from the store and indented a piece at a time, so a big result is never
   * held whole (nor made into one string, which V8 caps at about 512 MiB). A result without a list
   * is one stored text, indented at once.
   */
  async *viewJsonIndented(run: RunRecord): AsyncGenerator<string> {
    const indent = 2;
    const view = viewOf(run);
    const stored = run.status === 'succeeded' ? requireResult(run) : undefined;
    if (stored?.tail === undefined) {
      yield JSON.stringify({ ...view, result: stored ? JSON.parse(stored.head) : null }, null, indent);
      return;
    }
    // The result with a placeholder where its list goes: indented by JSON.stringify, then the list
    // is written in its place, at the placeholder's depth. A random one: no result holds it.
    const placeholder = JSON.stringify(`c-host:list:${randomUUID()}`);
    const skeleton = JSON.stringify(
      { ...view, result: JSON.parse(`${stored.head}${placeholder}${stored.tail}`) },
      null,
      indent,
    );
    const at = skeleton.indexOf(placeholder);
    const margin = /^ */.exec(skeleton.slice(skeleton.lastIndexOf('\n', at) + 1))![0];
    const inner = `${margin}${' '.repeat(indent)}`;
    yield skeleton.slice(0, at);
    let first = true;
    for await (const piece of this.#store.runs.readRunResult(run.id)) {
      let text = '';
      // Every piece is whole lines, each ending with a newline: one item per line.
      for (const line of piece.slice(0, -1).split('\n')) {
        const item = JSON.stringify(JSON.parse(line), null, indent).replaceAll('\n', `\n${inner}`);
        text += `${first ? '[' : ','}\n${inner}${item}`;
        first = false;
      }
      yield text;
    }
    yield `${first ? '[]' : `\n${margin}]`}${skeleton.slice(at + placeholder.length)}`;
  }

  /**
   * A succeeded run's result as text: its JSON, or NDJSON (one line per item of its list; the
   * whole result on one line when it has none). A `ValidationError` (409) when there is no result.
   */
  async *resultText(run: RunRecord, format: 'json' | 'ndjson'): AsyncGenerator<string> {
    const result = requireResult(run);
    if (result.tail === undefined) {
      yield format === 'json' ? result.head : `${result.head}\n`;
      return;
    }
    if (format === 'ndjson') {
      yield* this.#store.runs.readRunResult(run.id);
      return;
    }
    yield `${result.head}[`;
    let first = true;
    for await (const piece of this.#store.runs.readRunResult(run.id)) {
      // Every piece is whole lines, each ending with a newline: one item per line.
      const items = piece.slice(0, -1).replaceAll('\n', ',');
      yield first ? items : `,${items}`;
      first = false;
    }
    yield `]${result.tail}`;
  }

  /**
   * Follows a run: its status now (and its latest progress), then each change, then its end. This
   * process's runs report every progress update at once; runs elsewhere are read from the store.
   * Ends early, without an `end`, when `signal` aborts.
   */
  async *follow(id: string, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    let run = await this.get(id);
    const updates: Progress[] = [];
    let wake: (() => void) | undefined;
    const onProgress = (progress: Progress) => {
      updates.push(progress);
      wake?.();
    };
    const onChange = () => wake?.();
    this.#events.on(`progress:${id}`, onProgress);
    this.#events.on(`end:${id}`, onChange);
    signal?.addEventListener('abort', onChange);
    try {
      let status = run.status;
      let shown = run.progress === undefined ? undefined : JSON.stringify(run.progress);
      yield { type: 'status', id, status };
      if (run.progress) yield { type: 'progress', id, progress: run.progress };
      while (!ENDED.has(status)) {
        if (updates.length === 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
        if (signal?.aborted) return;
        for (const progress of updates.splice(0)) {
          const text = JSON.stringify(progress);
          if (text === shown) continue;
          shown = text;
          yield { type: 'progress', id, progress };
        }
        run = await this.get(id);
        const stored = run.progress === undefined ? undefined : JSON.stringify(run.progress);
        // This process's own runs have told every update already; the store's copy lags behind.
        if (run.progress && stored !== shown && !this.#active.has(id)) {
          shown = stored;
          yield { type: 'progress', id, progress: run.progress };
        }
        if (run.status !== status) {
          status = run.status;
          if (!ENDED.has(status)) yield { type: 'status', id, status };
        }
      }
      yield {
        type: 'end',
        id,
        status: status as EndStatus,
        error: (run.error as ErrorJson | undefined) ?? null,
      };
    } finally {
      this.#events.off(`progress:${id}`, onProgress);
      this.#events.off(`end:${id}`, onChange);
      signal?.removeEventListener('abort', onChange);
    }
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
      const engine = url ? await BossEngine.create(url, workers) : new LocalEngine(workers);
      await engine.start();
      return engine;
    })();
    return this.#engine;
  }

  /** Says that a worker is alive (for CLIs deciding whether to start one), and prunes old runs. */
  async #heartbeat(): Promise<void> {
    await this.#store.settings.setSetting(WORKER_SETTING, String(Date.now() + RUN_LEASE_MS));
    await this.#store.runs.pruneRuns(new Date(Date.now() - RUN_RETENTION_MS));
  }

  /**
   * Records who canceled a run. The cancel has happened: a store that cannot take the entry must
   * not turn it into a failure, so the miss is a warning instead.
   */
  async #audit(run: RunRecord): Promise<void> {
    const entry = {
      at: new Date(),
      actor: currentActor(),
      action: 'run.cancel',
      target: run.id,
      connection: run.connection,
      outcome: 'ok',
    };
    await this.#store.audit.appendAudit(entry).catch(() => {
      process.emitWarning(`c-host could not write an audit entry for run.cancel ${run.id}`);
    });
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

  async #execute(run: RunRecord, controller: AbortController): Promise<Outcome> {
    const { id, attempt } = run;
    let pending: Progress | undefined;
    let saving: Promise<unknown> = Promise.resolve();
    let savedAt = 0;
    const save = (update: { leaseMs?: number; progress?: Record<string, unknown> }) => {
      saving = saving
        .then(() => this.#store.runs.touchRun(id, attempt, update))
        .then((current) => {
          // Taken over (its lease ran out while this process stalled) or ended by another.
          if (!current) controller.abort(new LostClaim());
          // Canceled through another process (or instance): this is where its worker hears of it.
          else if (current === 'canceling') controller.abort(new CancelReason());
        })
        .catch(() => {
          // The store is briefly away: the next beat tries again, the lease holds till then.
        });
      return saving;
    };
    const flush = async () => {
      await saving;
      if (pending) await save({ progress: { ...pending } });
    };
    const renew = setInterval(() => void save({ leaseMs: RUN_LEASE_MS }), RUN_LEASE_MS / 3);
    renew.unref();
    try {
      let result: unknown;
      try {
        const submittedBy = { actor: run.actor ?? CLI_ACTOR };
        result = await withRequestContext(submittedBy, () =>
          this.#host.connections.run(run.command, run.input, {
            connection: run.connection,
            idempotencyKey: run.idempotencyKey,
            signal: controller.signal,
            onProgress: (progress) => {
              this.#events.emit(`progress:${id}`, progress);
              pending = progress;
              if (Date.now() - savedAt < PROGRESS_SAVE_MS) return;
              savedAt = Date.now();
              pending = undefined;
              void save({ progress: { ...progress } });
            },
          }),
        );
      } catch (error) {
        const reason: unknown = controller.signal.reason;
        if (reason instanceof LostClaim) return 'lost';
        await flush();
        if (reason instanceof CancelReason) {
          await this.#store.runs.finishRun(id, attempt, this.#canceled(run));
          return 'ended';
        }
        if (reason instanceof StopReason) {
          if (run.repeatSafe && (await this.#store.runs.releaseRun(id, attempt))) return 'released';
          // A run asked to stop is not put back: it ends as its canceler asked.
          const canceling = (await this.#store.runs.getRun(id))?.status === 'canceling';
          const outcome = canceling ? this.#canceled(run) : { error: outcomeUnknown(run, 'stopped') };
          await this.#store.runs.finishRun(id, attempt, outcome);
          return 'ended';
        }
        await this.#store.runs.finishRun(id, attempt, { error: { ...toErrorJson(error) } });
        return 'ended';
      }
      await flush();
      await this.#store.runs.finishRun(id, attempt, storedResult(result));
      return 'ended';
    } finally {
      clearInterval(renew);
    }
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
      await this.#store.runs.finishRun(id, taken.run.attempt, { error: outcomeUnknown(taken.run, 'died') });
      return 'ended';
    }
    return this.#executeTracked(taken.run, claimLost);
  }

  async #recover(run: RunRecord, requeue: boolean): Promise<void> {
    if (run.status === 'canceling')
      await this.#store.runs.finishRun(run.id, run.attempt, this.#canceled(run));
    else if (requeue && run.repeatSafe) await this.#store.runs.releaseRun(run.id, run.attempt);
    else await this.#store.runs.finishRun(run.id, run.attempt, { error: outcomeUnknown(run, 'died') });
  }
}

/** A worker-side reason to stop a run: its claim went to another worker. */
class LostClaim extends Error {}
/** A worker-side reason to stop a run: the service is stopping. */
class StopReason extends Error {}
/** A worker-side reason to stop a run: someone canceled it. */
class CancelReason extends Error {}

interface Execution {
  controller: AbortController;
  done: Promise<Outcome>;
}

/** How runs reach workers. */
interface Engine {
  start(): Promise<void>;
  /** Makes a new run known to the workers. */
  dispatch(run: RunRecord): Promise<void>;
  /** Drops a canceled queued run's job, where the engine keeps one (a worker taking it would skip it anyway). */
  discard(id: string): Promise<void>;
  /** Takes no more runs. */
  stopTaking(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The embedded store's queue: workers claim the oldest queued run from the store (one statement,
 * so two processes never take the same run), up to `concurrency` at once, woken by a run submitted
 * here and polling for runs submitted by other processes. Each claim is a lease renewed while the
 * run runs; a run whose lease ran out, or whose process on this machine is gone, is recovered.
 */
class LocalEngine implements Engine {
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
class BossEngine implements Engine {
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

/** The hints a run is decided by (as the connector declares them; undeclared means "may write"). */
function hintsOf(entry: RegisteredCommand): { readOnly: boolean; idempotent: boolean } {
  const declared = entry.command.annotations ?? {};
  const readOnly = declared.readOnly === true && declared.destructive !== true;
  return { readOnly, idempotent: declared.idempotent ?? readOnly };
}

/** The error of a run whose worker died or stopped mid-run when running it again is not safe. */
function outcomeUnknown(run: RunRecord, why: 'died' | 'stopped' | 'canceled'): Record<string, unknown> {
  if (why === 'canceled') {
    return {
      ...new InternalError(
        `The run was canceled while ${run.command} was running, and it may have changed something at the provider before it stopped: the outcome is unknown. Check there before running it again.`,
        { details: { run: run.id } },
      ).toJSON(),
      outcomeUnknown: true,
    };
  }
  const what =
    why === 'died'
      ? 'The c-host process running this run stopped before it ended (it was killed or crashed)'
      : 'This c-host stopped before the run ended';
  return {
    ...new InternalError(
      `${what}, and ${run.command} may have changed something at the provider: the outcome is unknown. Check there before running it again. A write sent with an idempotency key (idempotencyKey) is taken up again instead, since its repeat changes nothing twice.`,
      { details: { run: run.id } },
    ).toJSON(),
    outcomeUnknown: true,
  };
}

/** A result as the store keeps it: its list apart, as NDJSON pieces. */
function storedResult(result: unknown): { result: RunResult; pieces: string[] } {
  const items = listItems(result);
  if (!items) return { result: { head: JSON.stringify(result) ?? 'null', count: 0 }, pieces: [] };
  let head = '';
  let tail = '';
  if (!Array.isArray(result)) {
    const entries = Object.entries(result as Record<string, unknown>).flatMap(([key, value]) => {
      const json = JSON.stringify(value);
      return json === undefined ? [] : [[key, json, value] as const];
    });
    const at = entries.findIndex(([, , value]) => value === items);
    const member = ([key, json]: readonly [string, string, unknown]) => `${JSON.stringify(key)}:${json}`;
    head = `{${[...entries.slice(0, at).map(member), `${JSON.stringify(entries[at]![0])}:`].join(',')}`;
    const after = entries.slice(at + 1).map(member);
    tail = `${after.length > 0 ? `,${after.join(',')}` : ''}}`;
  }
  const pieces: string[] = [];
  let piece = '';
  for (const item of items) {
    piece += `${JSON.stringify(item) ?? 'null'}\n`;
    if (piece.length >= PIECE_CHARS) {
      pieces.push(piece);
      piece = '';
    }
  }
  if (piece) pieces.push(piece);
  return { result: { head, tail, count: items.length }, pieces };
}

function requireResult(run: RunRecord): RunResult {
  if (run.status === 'succeeded' && run.result) return run.result;
  const why =
    run.status === 'failed'
      ? 'it failed (its error is in GET /api/runs/{id}, `c-host runs get`)'
      : run.status === 'canceled'
        ? 'it was canceled'
        : `it is ${run.status}; follow it with GET /api/runs/{id}/events`;
  throw new ValidationError(`Run "${run.id}" has no result: ${why}`, {
    parameter: 'id',
    details: { conflict: true, run: run.id, status: run.status },
  });
}

/** A run's view without its result (`viewJson` streams it in). */
function viewOf(run: RunRecord): RunView {
  return {
    id: run.id,
    command: run.command,
    connection: run.connection,
    status: run.status,
    progress: (run.progress as Progress | undefined) ?? null,
    result: null,
    error: (run.error as ErrorJson | undefined) ?? null,
    createdAt: run.createdAt,
    startedAt: run.startedAt ?? null,
    finishedAt: run.finishedAt ?? null,
  };
}
