import { type RunOptions, ValidationError } from '@c/core';
import { checkRunKey } from '@c/core/internal';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { Operations } from '../observability/operations.js';
import { currentRequest } from '../observability/request-context.js';
import type { RegisteredCommand, Registry } from '../registry.js';
import type { ConnectionRecord } from '../store/connection-store.js';
import type { RunSurface } from '../store/history-store.js';
import { allowsKey, boundResult, DEFAULT_RUN_RESULT_BYTES } from './bounded-result.js';
import type { IdempotencyLedger } from './idempotency.js';
import { refuseForbiddenKeys } from './input-keys.js';

/** What a surface asks to run: the command, its input and how (`check` takes it). */
export interface RunRequest {
  /** The registry entry (a surface that looked it up to answer 404 hands it over) or a qualified id. */
  command: RegisteredCommand | string;
  input?: unknown;
  /**
   * The connection's name (the connector's default, or its `env` one, when absent), or the record a
   * surface already resolved (the CLI resolves before it asks for missing parameters).
   */
  connection?: string | ConnectionRecord | undefined;
  /** The caller's idempotency key (write commands only). */
  idempotencyKey?: unknown;
  /** Return the requests the run would send, and send nothing. */
  dryRun?: boolean | undefined;
}

/** A run that passed `check`: the command found, its input parsed, its connection and key checked. */
export interface CheckedRun {
  readonly entry: RegisteredCommand;
  /** The input as the caller gave it (an async run stores this). */
  readonly input: unknown;
  /** What `command.parse` returned: what runs and what an idempotency record is bound to. */
  readonly parsed: unknown;
  readonly connection: ConnectionRecord;
  /** The checked key, when the caller gave one. */
  readonly idempotencyKey: string | undefined;
  readonly dryRun: boolean;
  /** The options core's connector receives: checked once here (`checkRunKey`), not again by core. */
  readonly options: RunOptions;
}

/** How a checked run runs: what only the surface running it knows. */
export interface RunHandlers {
  signal?: AbortSignal | undefined;
  onProgress?: RunOptions['onProgress'];
  timeoutMs?: number | undefined;
  /**
   * Called when the idempotency key was used before for this same call, so the result is the first
   * run's (stored by the host) and nothing was sent; with when that run was.
   */
  onReplay?: ((firstRunAt: string) => void) | undefined;
  /** Where the run comes from, for the run history: `http` inside a request, else `cli`. */
  surface?: RunSurface | undefined;
  /** The id its history line takes (the HTTP API answers it as `c-run-id`; an async run's own). */
  runId?: string | undefined;
  /** A read that fills a choice list (a form's or a prompt's lookup): left out of the run history. */
  lookup?: boolean | undefined;
}

/** Options of `Runner.call`: a request's options and its handlers together. */
export interface ManagedRunOptions extends RunHandlers {
  connection?: string | undefined;
  idempotencyKey?: unknown;
  dryRun?: boolean | undefined;
}

/** What the runner uses: each piece the composition root (`host.ts`) built. */
export interface RunnerParts {
  registry: Registry;
  connections: Pick<ConnectionManager, 'resolve' | 'use'>;
  ledger: IdempotencyLedger;
  operations: Pick<Operations, 'startRun'>;
  /** The largest result a run keeps, in bytes of JSON (default `DEFAULT_RUN_RESULT_BYTES`). */
  maxResultBytes?: number | undefined;
}

/**
 * The run pipeline every surface goes through (the CLI, HTTP, MCP, the async worker): `check`
 * finds the command, parses the input, checks the idempotency key and resolves the connection,
 * each once and in that order (bad input fails alike whether or not a connection exists); `run`
 * runs the checked run on its connection, through the idempotency ledger, observed (logs, traces,
 * metrics, the audit log). A surface that must ask or confirm between the two (the CLI) does so
 * with the checked run in hand.
 */
export class Runner {
  readonly #parts: RunnerParts;

  constructor(parts: RunnerParts) {
    this.#parts = parts;
  }

  /** Finds, parses, checks the key, resolves: a `ValidationError` (or 404) before anything is sent. */
  async check(request: RunRequest): Promise<CheckedRun> {
    const entry =
      typeof request.command === 'string' ? this.#parts.registry.require(request.command) : request.command;
    refuseForbiddenKeys(request.input, "in a command's input");
    const parsed = entry.command.parse(request.input ?? {});
    const options = checkRunKey(entry.command, entry.id, {
      idempotencyKey: request.idempotencyKey as string | undefined,
      dryRun: request.dryRun,
    });
    const connection =
      typeof request.connection === 'object'
        ? request.connection
        : await this.#parts.connections.resolve(entry.connectorId, request.connection);
    return {
      entry,
      input: request.input ?? {},
      parsed,
      connection,
      idempotencyKey: options.idempotencyKey,
      dryRun: request.dryRun === true,
      options,
    };
  }

  /**
   * Runs a checked run. With an idempotency key (write commands only) the host keeps the first
   * result for 24 hours in its store: a repeat of the same call returns it and sends nothing, the
   * same key for another call is a `ValidationError` (see `IdempotencyLedger`). A dry run returns
   * the requests the run would send and sends nothing.
   */
  async run(checked: CheckedRun, handlers: RunHandlers = {}): Promise<unknown> {
    const { entry, connection, idempotencyKey: key, dryRun } = checked;
    const observed = this.#parts.operations.startRun({
      command: entry.id,
      connector: entry.connectorId,
      connection: connection.name,
      write: !entry.command.annotations.readOnly,
      dryRun,
      surface: handlers.surface ?? (currentRequest() ? 'http' : 'cli'),
      id: handlers.runId,
      lookup: handlers.lookup === true,
    });
    // The same object `check` marked: core takes its key as checked.
    const options = Object.assign(checked.options, {
      signal: handlers.signal,
      onProgress: handlers.onProgress,
      timeoutMs: handlers.timeoutMs,
      observer: observed.observer,
    });
    const execute = () =>
      this.#parts.connections
        .use(connection, (client) => client.runParsed(entry.command, checked.parsed, options), {
          sandbox: !dryRun,
        })
        .then((result) => this.#bound(checked, result));
    if (key === undefined || dryRun) return observed.finish(execute());
    return observed.finish(
      this.#parts.ledger.run(
        { key, command: entry.id, connection: connection.name, input: checked.parsed },
        execute,
        {
          signal: handlers.signal,
          onReplay: (firstRunAt) => {
            observed.replayed();
            handlers.onReplay?.(firstRunAt);
          },
        },
      ),
    );
  }

  /**
   * Holds a result to the host's bound before any surface answers it or any store keeps it (an async
   * run's record, the idempotency ledger): a larger one has its largest list cut at a whole item,
   * saying so; one with no list to cut is a `ValidationError` naming the bound (the call was made:
   * a write's outcome is in the provider, and the error says so).
   */
  #bound(checked: CheckedRun, result: unknown): unknown {
    const limit = this.#parts.maxResultBytes ?? DEFAULT_RUN_RESULT_BYTES;
    const { command, id } = checked.entry;
    const bounded = boundResult(result, limit, {
      input: checked.input as Record<string, unknown>,
      tool: id,
      inputSchema: command.inputSchema,
      markable: (key) => allowsKey(command.outputSchema, key),
    });
    if (bounded) return bounded.value;
    const write = !command.annotations.readOnly;
    throw new ValidationError(
      `The result of ${id} is larger than ${limit} bytes of JSON (C_HOST_MAX_RESULT_BYTES) and has no list to cut: narrow the input so that less comes back${write ? '. The call was made: look at the provider before running it again' : ''}`,
      { details: { maxResultBytes: limit, ...(write ? { ranWithoutError: true } : {}) } },
    );
  }

  /** `check` then `run`, for a surface with nothing to do between them. */
  async call(
    command: RegisteredCommand | string,
    input: unknown,
    options: ManagedRunOptions = {},
  ): Promise<unknown> {
    const checked = await this.check({
      command,
      input,
      connection: options.connection,
      idempotencyKey: options.idempotencyKey,
      dryRun: options.dryRun,
    });
    return this.run(checked, options);
  }
}
