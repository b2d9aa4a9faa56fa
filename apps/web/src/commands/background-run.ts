import { ApiError, apiErrorOf, apiRequest } from '../api';
import type { RunEvent, RunProgress, RunStatus, RunView } from '../types';

// The run's shapes are the host's (`@c/host/api`), re-exported for the UI's run code.
export type { RunEvent, RunProgress, RunStatus, RunView };

/** Starts a run in the background: `POST /api/runs`, answered 202 with the run's id. */
export function startRun(
  command: string,
  input: unknown,
  connection: string | undefined,
  signal?: AbortSignal,
): Promise<{ id: string; status: 'queued' }> {
  return apiRequest(
    'POST',
    '/api/runs',
    connection ? { command, connection, input } : { command, input },
    signal,
  );
}

/** A run as the host has it now, with its result once it succeeded. */
export function getRun(id: string, signal?: AbortSignal): Promise<RunView> {
  return apiRequest('GET', `/api/runs/${encodeURIComponent(id)}`, undefined, signal);
}

/**
 * Cancels a run on the host (`POST /api/runs/{id}/cancel`). It answers the run: `canceled` when it
 * was still queued, `canceling` while its worker cuts it off; its event stream then ends `canceled`.
 */
export function cancelRun(id: string, signal?: AbortSignal): Promise<RunView> {
  return apiRequest('POST', `/api/runs/${encodeURIComponent(id)}/cancel`, undefined, signal);
}

/** What `runInBackground` throws for a run canceled on the host: the run as it ended. */
export class RunCanceled extends Error {
  readonly run: RunView;

  constructor(run: RunView) {
    super(`Run ${run.id} was canceled`);
    this.name = 'RunCanceled';
    this.run = run;
  }
}

/** Server-Sent Events text, parsed into named events; comments (keep-alives) are skipped. */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = text;
          else if (field === 'data') data.push(text);
        }
        if (data.length > 0) yield { event, data: data.join('\n') };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

const eventTypes = new Set(['status', 'progress', 'end']);

/**
 * Follows a run's events until its `end` (returned) or until `signal` aborts (the run goes on: only
 * the following stops). Read with `fetch` rather than `EventSource`: the same session cookie goes
 * with it, and a refusal arrives as the host's error JSON (a 401 signs out as any call does) instead
 * of EventSource's silent retries. A stream that closes before its end returns undefined.
 */
export async function followRun(
  id: string,
  onEvent: (event: RunEvent) => void,
  signal: AbortSignal,
): Promise<Extract<RunEvent, { type: 'end' }> | undefined> {
  const path = `/api/runs/${encodeURIComponent(id)}/events`;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream' },
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    return undefined;
  }
  if (!response.ok) throw await apiErrorOf(response, path);
  if (!response.body) return undefined;
  try {
    for await (const { event, data } of serverSentEvents(response.body)) {
      if (!eventTypes.has(event)) continue;
      const parsed = { type: event, ...(JSON.parse(data) as object) } as RunEvent;
      onEvent(parsed);
      if (parsed.type === 'end') return parsed;
    }
  } catch (cause) {
    if (signal.aborted) throw cause;
  }
  return undefined;
}

/** A progress line: "Exporting events… 3 of 10", or the bare count. */
export function progressText(progress: RunProgress | null | undefined): string | undefined {
  if (!progress) return undefined;
  const count =
    typeof progress.current === 'number'
      ? typeof progress.total === 'number'
        ? `${progress.current} of ${progress.total}`
        : String(progress.current)
      : undefined;
  return [progress.message, count].filter(Boolean).join(' · ') || undefined;
}

/** How many event streams in a row may close before a run's end before the page gives up following. */
const FOLLOW_ATTEMPTS = 3;

/** Where a background run is, for its progress line. */
export interface BackgroundState {
  id: string;
  status: RunStatus;
  progress?: string | undefined;
}

/**
 * Runs a command in the background and answers its result as a run in the request would: starts
 * it, follows its events (each change goes to `onState`), then loads the run. A failed run throws
 * its error as an `ApiError`, a canceled one (`cancelRun`) a `RunCanceled`; aborting `signal` stops
 * following, never the run itself.
 */
export async function runInBackground(
  command: string,
  input: unknown,
  connection: string | undefined,
  signal: AbortSignal,
  onState: (state: BackgroundState) => void,
): Promise<unknown> {
  const { id } = await startRun(command, input, connection, signal);
  let state: BackgroundState = { id, status: 'queued' };
  onState(state);
  // A stream cut before its end (a proxy's idle limit, a restarting host) is taken up again: the
  // host starts each stream with the run's current status.
  for (let attempt = 0; attempt < FOLLOW_ATTEMPTS; attempt++) {
    const end = await followRun(
      id,
      (event) => {
        state =
          event.type === 'progress'
            ? { ...state, progress: progressText(event.progress) }
            : { ...state, status: event.status };
        onState(state);
      },
      signal,
    );
    if (end) break;
  }
  const view = await getRun(id, signal);
  if (view.status === 'succeeded') return view.result;
  if (view.status === 'failed' && view.error) throw new ApiError(view.error.status ?? 0, view.error);
  if (view.status === 'canceled') throw new RunCanceled(view);
  throw new ApiError(0, {
    name: 'NetworkError',
    kind: 'network',
    message: `The host stopped sending the events of run ${id} before it ended. The run goes on there: GET /api/runs/${id} tells how it went.`,
    retryable: true,
  });
}
