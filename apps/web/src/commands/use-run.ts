import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api, errorOf } from '../api';
import { errorSchemaFromHost } from '../form/schema-form';
import { recordRun } from '../recent/recent-runs';
import type { CommandDetail, ErrorJson } from '../types';
import { type BackgroundState, cancelRun, RunCanceled, runInBackground } from './background-run';

/** How the last run ended: its result or its error, with the input and connection it ran with. */
export type Outcome =
  | {
      ok: true;
      id: number;
      result: unknown;
      input: Record<string, unknown>;
      connection?: string | undefined;
      ms: number;
    }
  | {
      ok: false;
      id: number;
      error: ErrorJson;
      input: Record<string, unknown>;
      connection?: string | undefined;
      ms: number;
    };

/** A run that is going: when it started, how to stop it, and where the host has it when in background. */
export interface Running {
  started: number;
  controller: AbortController;
  inBackground: boolean;
  /** Where the background run is, once the host took it. */
  background?: BackgroundState | undefined;
  /** A cancel of the background run was sent: its worker is stopping it. */
  canceling?: boolean | undefined;
}

function cancelNote(started: number, readOnly: boolean | undefined): string {
  const seconds = Math.round((performance.now() - started) / 1000);
  return `Canceled after ${seconds} s.${
    readOnly ? '' : ' The request may already have reached the provider: check there before running it again.'
  }`;
}

/** What the page says of a run stopped: canceled on the host, or dropped here. */
function stopNote(cause: unknown, started: number, readOnly: boolean | undefined): string {
  return cause instanceof RunCanceled ? canceledNote(started, cause) : cancelNote(started, readOnly);
}

/** What the page says of a background run canceled on the host, with what its worker left unknown. */
function canceledNote(started: number, canceled: RunCanceled): string {
  const seconds = Math.round((performance.now() - started) / 1000);
  const { id, error } = canceled.run;
  return `Canceled run ${id} after ${seconds} s.${error?.outcomeUnknown ? ` ${error.message}` : ''}`;
}

/** The seconds a run has been going, counted while it goes. */
function useElapsed(startedAt: number | undefined): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (startedAt === undefined) return;
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Math.floor((performance.now() - startedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return elapsed;
}

/**
 * Runs a command on the host, in the request or in the background, and gives its result;
 * `onRun` hears the run's id as soon as the host names it, and each state of a background run.
 */
async function send(
  commandId: string,
  input: Record<string, unknown>,
  connectionName: string | undefined,
  background: boolean,
  signal: AbortSignal,
  onRun: (id: string | undefined, state?: BackgroundState) => void,
): Promise<unknown> {
  if (background) {
    return runInBackground(commandId, input, connectionName, signal, (state) => onRun(state.id, state));
  }
  return (await api.run(commandId, input, connectionName, signal, (named) => onRun(named))).result;
}

/** Keeps a run in the recent runs of this browser, with the host's id for it when there is one. */
function remember(detail: CommandDetail, outcome: Outcome, runId: string | undefined): void {
  recordRun({
    commandId: detail.id,
    title: detail.title,
    connection: outcome.connection,
    input: outcome.input,
    ok: outcome.ok,
    errorKind: outcome.ok ? undefined : outcome.error.kind,
    durationMs: Math.round(outcome.ms),
    runId,
  });
}

/**
 * Cancels the run going. One in the background that the host has taken is canceled there: the
 * page keeps following it until its worker has stopped it (its events end `canceled`), so what the
 * page says is what the host did. Anything else is dropped here.
 */
function useCancel(
  runningRef: { current: Running | undefined },
  setRunning: Dispatch<SetStateAction<Running | undefined>>,
  setCancelled: (note: string) => void,
) {
  return useCallback(async () => {
    const current = runningRef.current;
    if (!current) return;
    const id = current.background?.id;
    if (!id) {
      current.controller.abort();
      return;
    }
    const mark = (canceling: boolean) =>
      setRunning((now) => (now?.controller === current.controller ? { ...now, canceling } : now));
    mark(true);
    try {
      await cancelRun(id);
    } catch (cause) {
      // Ended meanwhile (409): its events bring the end. Anything else leaves it running, said so.
      if (cause instanceof ApiError && cause.status === 409) return;
      mark(false);
      setCancelled(`Could not cancel run ${id}: ${errorOf(cause).message}`);
    }
  }, [runningRef, setRunning, setCancelled]);
}

/**
 * Runs a command, now or in the background, and keeps what the page shows of it: the run going
 * (with its seconds), how it ended, a cancellation note, and the host's errors by field. `cancel`
 * stops a run in the request by dropping it, and a background run by canceling it on the host. A
 * run still going when the page goes elsewhere is dropped; a background run goes on on the host.
 */
export function useRun(
  detail: CommandDetail | undefined,
  formSchema: RJSFSchema | undefined,
  connectionName: string | undefined,
) {
  const [running, setRunning] = useState<Running | undefined>();
  const [cancelled, setCancelled] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const runCount = useRef(0);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const runningRef = useRef(running);
  runningRef.current = running;
  useEffect(() => () => runningRef.current?.controller.abort(), []);

  const elapsed = useElapsed(running?.started);

  const run = useCallback(
    async (input: Record<string, unknown>, background = false) => {
      if (!detail || !formSchema) return;
      setCancelled(undefined);
      setExtraErrors(undefined);
      const id = ++runCount.current;
      const started = performance.now();
      const controller = new AbortController();
      setRunning({ started, controller, inBackground: background });
      let next: Outcome;
      let runId: string | undefined;
      const onRun = (named: string | undefined, state?: BackgroundState) => {
        runId = named;
        if (state)
          setRunning((now) => (now?.controller === controller ? { ...now, background: state } : now));
      };
      try {
        const result = await send(detail.id, input, connectionName, background, controller.signal, onRun);
        next = { ok: true, id, result, input, connection: connectionName, ms: performance.now() - started };
      } catch (cause) {
        if (controller.signal.aborted || cause instanceof RunCanceled) {
          setRunning(undefined);
          setOutcome(undefined);
          setCancelled(stopNote(cause, started, detail.annotations.readOnly));
          return;
        }
        const error = errorOf(cause);
        next = { ok: false, id, error, input, connection: connectionName, ms: performance.now() - started };
        setExtraErrors(errorSchemaFromHost(error, formSchema));
      }
      setOutcome(next);
      setRunning(undefined);
      remember(detail, next, runId);
      requestAnimationFrame(() => resultHeading.current?.focus());
    },
    [detail, formSchema, connectionName],
  );

  const cancel = useCancel(runningRef, setRunning, setCancelled);

  /** Forgets the last outcome and cancellation: an earlier result would read as the answer to a new form. */
  const clearOutcome = useCallback(() => {
    setOutcome(undefined);
    setCancelled(undefined);
  }, []);

  return {
    running,
    elapsed,
    cancelled,
    outcome,
    extraErrors,
    setExtraErrors,
    run,
    cancel,
    clearOutcome,
    resultHeading,
  };
}
