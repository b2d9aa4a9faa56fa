// One run of a command on a connected client: its idempotency key, its deadline, its dry run, and
// the key an unknown outcome names.
import { randomUUID } from 'node:crypto';
import type { Command, RunOptions } from './command.js';
import type { ConnectorContext } from './connector-types.js';
import { NetworkError } from './errors/network-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import { runKeyOf } from './idempotency-key.js';
import { currentRun, type DryRunResult, type RunState, withRun } from './run-context.js';

/**
 * The runner of one connection's commands: a run of a command on parsed input, with its
 * idempotency key, deadline and dry run. `id` and `title` name the connector in keys and errors.
 */
export function commandRunner<Ctx extends ConnectorContext>(
  connector: { id: string; title: string },
  ctx: Ctx,
): (command: Command<any, any, Ctx>, parsed: unknown, runOptions: RunOptions) => Promise<unknown> {
  return (command, parsed, runOptions) => {
    const writes = !command.annotations.readOnly;
    // Checked once: a host that checked it already (`checkRunKey`) hands over the same options.
    const given = runKeyOf(command, `${connector.id}.${command.key}`, runOptions);
    // Every run of a write has a key: the caller's, or its own, which an unknown outcome names.
    const idempotencyKey = writes ? (given ?? randomUUID()) : undefined;
    const options: RunOptions =
      runOptions.idempotencyKey === idempotencyKey ? runOptions : { ...runOptions, idempotencyKey };
    if (runOptions.dryRun) {
      const state: RunState = {
        idempotencyKey,
        writes: 0,
        dryRun: { requests: [] },
        observer: runOptions.observer,
      };
      return dryRunOf(state.dryRun!, () => withRun(state, () => command.run(parsed, ctx, options)));
    }
    const execute = () =>
      runOptions.timeoutMs === undefined
        ? command.run(parsed, ctx, options)
        : withDeadline(runOptions.timeoutMs, options, writes, connector.title, (deadlined) =>
            command.run(parsed, ctx, deadlined),
          );
    // A read without an observer gives its calls nothing to know: it runs without a run context
    // of its own (one less context per call), unless it runs inside another run, whose key,
    // dry run or observer must not reach its calls.
    if (!idempotencyKey && !runOptions.observer && currentRun() === undefined) {
      return Promise.resolve(execute());
    }
    const state: RunState = { idempotencyKey, writes: 0, dryRun: undefined, observer: runOptions.observer };
    const running = Promise.resolve(withRun(state, execute));
    return idempotencyKey
      ? running.catch((error: unknown) => Promise.reject(namingKey(error, idempotencyKey)))
      : running;
  };
}

/**
 * Runs with a deadline: the signal handed to the command aborts at the deadline (so its calls stop
 * and say whether a write may have applied), and the run ends then even if a command ignores it.
 */
async function withDeadline<T>(
  timeoutMs: number,
  runOptions: RunOptions,
  mayApply: boolean,
  provider: string,
  run: (options: RunOptions) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const signal = runOptions.signal
    ? AbortSignal.any([runOptions.signal, controller.signal])
    : controller.signal;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException(`The run exceeded its ${timeoutMs} ms deadline`, 'TimeoutError');
      controller.abort(reason);
      // Give the command's own calls a moment to report precisely before the generic error.
      setTimeout(
        () =>
          reject(
            new TimeoutError(
              `${provider} run exceeded its ${timeoutMs} ms deadline${mayApply ? '; the outcome is unknown: it may have been applied' : ''}`,
              { outcomeUnknown: mayApply },
            ),
          ),
        20,
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([run({ ...runOptions, signal }), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export { checkIdempotencyKey } from './idempotency-key.js';

/**
 * Runs a dry run: the command runs until its first request, which is recorded instead of sent. A
 * failure before any request (a rule of the command) is the caller's error, thrown as it is.
 */
async function dryRunOf(
  recorder: NonNullable<RunState['dryRun']>,
  run: () => Promise<unknown>,
): Promise<DryRunResult> {
  try {
    await run();
  } catch (error) {
    if (recorder.requests.length === 0) throw error;
  }
  // Requests started beside the stopped one (a parallel batch) reach the recorder a moment later.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    dryRun: true,
    requests: [...recorder.requests],
    note:
      recorder.requests.length === 0
        ? 'Nothing was sent: the input is valid and the run needs no request.'
        : 'Nothing was sent. These are the first requests the run would send; a command that makes more calls (a next page, a read before a write, a second batch) would go on after their answers.',
  };
}

/**
 * A write whose outcome is unknown names the key to repeat it with: repeating the run with the same
 * key lets a provider that deduplicates by it (Stripe, a Linear id) apply the change once.
 */
function namingKey(error: unknown, key: string): unknown {
  const unknown = (NetworkError.isInstance(error) || TimeoutError.isInstance(error)) && error.outcomeUnknown;
  if (!unknown || error.details?.idempotencyKey !== undefined) return error;
  const Kind = NetworkError.isInstance(error) ? NetworkError : TimeoutError;
  const named = new Kind(
    `${error.message}. To repeat it, send the same idempotency key "${key}" (idempotencyKey): a provider that deduplicates by it applies the change once.`,
    {
      outcomeUnknown: true,
      status: error.status,
      providerMessage: error.providerMessage,
      providerCode: error.providerCode,
      requestId: error.requestId,
      retryable: error.retryable,
      details: { ...error.details, idempotencyKey: key },
    },
  );
  // The cause is already reduced to plain, redacted fields: keep it as it is.
  Object.defineProperty(named, 'cause', { value: error.cause, enumerable: false, writable: true });
  return named;
}
