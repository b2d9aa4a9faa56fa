import { randomUUID } from 'node:crypto';
import { type ErrorJson, InternalError, type Progress, ValidationError } from '@c/core';
import type { RegisteredCommand } from '../registry.js';
import { listItems } from '../result-list.js';
import type { HostStore } from '../store/host-store.js';
import type { RunRecord, RunResult, RunStatus } from '../store/run-store.js';

// A run as every surface shows it, and its result as the store keeps it: apart from the service
// that runs it, since reading a run needs none of that.

/** The size of a stored piece of a result's list (whole NDJSON lines, so a little more at most). */
const PIECE_CHARS = 1024 * 1024;

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

/** The hints a run is decided by (as the connector declares them; undeclared means "may write"). */
export function hintsOf(entry: RegisteredCommand): { readOnly: boolean; idempotent: boolean } {
  const declared = entry.command.annotations ?? {};
  const readOnly = declared.readOnly === true && declared.destructive !== true;
  return { readOnly, idempotent: declared.idempotent ?? readOnly };
}

/** The error of a run whose worker died or stopped mid-run when running it again is not safe. */
export function outcomeUnknown(
  run: RunRecord,
  why: 'died' | 'stopped' | 'canceled',
): Record<string, unknown> {
  const key = run.idempotencyKey;
  if (why === 'canceled') {
    // A keyed write is applied once per key: repeating it with that key is the safe way to know.
    const next =
      key === undefined
        ? 'Check there before running it again.'
        : `Repeating it with the same idempotencyKey "${key}" is safe: it is applied at most once, and the repeat returns its outcome.`;
    return {
      ...new InternalError(
        `The run was canceled while ${run.command} was running, and it may have changed something at the provider before it stopped: the outcome is unknown. ${next}`,
        { details: key === undefined ? { run: run.id } : { run: run.id, idempotencyKey: key } },
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
export function storedResult(result: unknown): { result: RunResult; pieces: string[] } {
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

export function requireResult(run: RunRecord): RunResult {
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
export function viewOf(run: RunRecord): RunView {
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

/** A run's view as JSON text, in pieces: a big result is read from the store a piece at a time. */
export async function* viewJson(store: Pick<HostStore, 'runs'>, run: RunRecord): AsyncGenerator<string> {
  const view = viewOf(run);
  const { id, command, connection, status, progress } = view;
  yield `${JSON.stringify({ id, command, connection, status, progress }).slice(0, -1)},"result":`;
  if (run.status === 'succeeded') yield* resultText(store, run, 'json');
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
export async function* viewJsonIndented(
  store: Pick<HostStore, 'runs'>,
  run: RunRecord,
): AsyncGenerator<string> {
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
  for await (const piece of store.runs.readRunResult(run.id)) {
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
export async function* resultText(
  store: Pick<HostStore, 'runs'>,
  run: RunRecord,
  format: 'json' | 'ndjson',
): AsyncGenerator<string> {
  const result = requireResult(run);
  if (result.tail === undefined) {
    yield format === 'json' ? result.head : `${result.head}\n`;
    return;
  }
  if (format === 'ndjson') {
    yield* store.runs.readRunResult(run.id);
    return;
  }
  yield `${result.head}[`;
  let first = true;
  for await (const piece of store.runs.readRunResult(run.id)) {
    // Every piece is whole lines, each ending with a newline: one item per line.
    const items = piece.slice(0, -1).replaceAll('\n', ',');
    yield first ? items : `,${items}`;
    first = false;
  }
  yield `]${result.tail}`;
}
