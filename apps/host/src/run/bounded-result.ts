import type { JsonSchema } from '@c/core';

/**
 * A tool result is at most this many tokens by default (issue 29): what agent clients take without
 * a warning (Claude Code warns above 25,000 tokens of tool output).
 */
export const DEFAULT_MAX_RESULT_TOKENS = 25_000;
/**
 * Tokens are estimated from size: JSON, with its quotes, braces and ids, runs near 3 bytes a token
 * (prose nearer 4), so this errs toward a result a little smaller than the bound.
 */
export const BYTES_PER_TOKEN = 3;
/** The smallest and largest `--max-result-tokens` (the bytes' bounds below, in tokens). */
export const MIN_RESULT_TOKENS = 1_500;
export const MAX_RESULT_TOKENS_CEILING = 1_000_000;
/** The environment variable that sets the token bound of a server started without the flag. */
export const MAX_RESULT_TOKENS_ENV = 'C_HOST_MCP_MAX_RESULT_TOKENS';
/** An MCP tool result's bound in bytes of JSON when only bytes are asked for (spec/AGENTS.md). */
export const DEFAULT_MAX_RESULT_BYTES = 1024 * 1024;
/**
 * Every run's bound, whatever its surface (HTTP, the web UI, the CLI, an async run's record, the
 * idempotency ledger's copy): 8 MiB of JSON unless `C_HOST_MAX_RESULT_BYTES` says otherwise. MCP
 * cuts further to its own bound.
 */
export const DEFAULT_RUN_RESULT_BYTES = 8 * 1024 * 1024;
/** The bounds `C_HOST_MAX_RESULT_BYTES` may take: 64 KiB to 256 MiB. */
export const RUN_RESULT_BYTES_RANGE = { min: 64 * 1024, max: 256 * 1024 * 1024 } as const;
/**
 * The largest `--max-result-bytes`: a result travels twice in its message (as `structuredContent`
 * and as text, where JSON escaping may grow it), and the official SDK's stdio client refuses any
 * message over 10 MiB.
 */
export const MAX_RESULT_BYTES_CEILING = 4 * 1024 * 1024;
/** The smallest `--max-result-bytes` that leaves room for a list item and the truncation note. */
export const MIN_RESULT_BYTES = 4 * 1024;

/** How a cut result says so (under `truncation`, beside `truncated: true`). */
export interface Truncation {
  /** Where the cut list sits in the result, as a dotted path (`data`, `events`, `body.content`). */
  path: string;
  /** How many items came back. */
  returned: number;
  /** How many the host received from the provider before cutting. */
  received: number;
  /** The list's full length, when the result says nothing more exists beyond what was received. */
  total?: number;
  /** How to get the rest: a cursor, or a narrower input. */
  rest: string;
  /** An input for the next call, where one can be given. */
  nextInput?: Record<string, unknown>;
}

/**
 * The bytes of JSON an MCP result may take: `maxResultBytes` when only it is given, else the token
 * bound (the flag, the environment, or 25,000) times `BYTES_PER_TOKEN`, the smaller of both when
 * both are given.
 */
export function resultBudget(options: {
  maxResultBytes?: number | undefined;
  maxResultTokens?: number | undefined;
}): {
  bytes: number;
  tokens: number | undefined;
} {
  const { maxResultBytes, maxResultTokens } = options;
  if (maxResultBytes !== undefined && maxResultTokens === undefined) {
    return { bytes: maxResultBytes, tokens: undefined };
  }
  const tokens = maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS;
  const byTokens = tokens * BYTES_PER_TOKEN;
  return { bytes: Math.min(byTokens, maxResultBytes ?? byTokens), tokens };
}

/** Whether an object result may carry `key` under an output schema (none: anything goes). */
export function allowsKey(schema: JsonSchema | undefined, key: string): boolean {
  if (!schema) return true;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.hasOwn(properties, key) || schema.additionalProperties !== false;
}

/** What a bounded result is. */
export interface BoundedResult {
  /** The result, its largest list cut to fit when it had to be, marked as `markable` allows. */
  value: unknown;
  /** The same with `truncated` and `truncation` always present, for the text content. */
  marked: unknown;
  truncation: Truncation | undefined;
}

/** What the bounding needs to know about the call. */
export interface BoundContext {
  input: Record<string, unknown>;
  /** The tool that was called: the rest is asked of it again. */
  tool?: string;
  /** The command's input JSON Schema: which parameters can narrow the next call. */
  inputSchema: JsonSchema;
  /**
   * Whether the result object may carry a key it does not have yet (its output schema lets other
   * fields through): `truncated` and `truncation` go into `value` only then.
   */
  markable: (key: string) => boolean;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Bounds a result to `maxBytes` of JSON. A larger one has its largest list (searched a few levels
 * down) cut at a whole item, and says so: `truncated: true` and `truncation`, with how many items
 * came back, the total where known, and how to get the rest. A result that no cut of one list can
 * bring under the limit gives `undefined` (the caller reports it as an error).
 */
export function boundResult(
  result: unknown,
  maxBytes: number,
  context: BoundContext,
): BoundedResult | undefined {
  const whole = JSON.stringify(result) ?? 'null';
  if (bytes(whole) <= maxBytes) return { value: result, marked: result, truncation: undefined };
  const found = largestList(result);
  if (!found) return undefined;
  const { path, items } = found;
  const itemBytes = items.map((item) => bytes(JSON.stringify(item) ?? 'null') + 1);
  const build = (count: number) => {
    const truncation = describeCut(result, path, items, count, context);
    const cut = replaceAt(result, path, items.slice(0, count));
    const marked = mark(cut, truncation, () => true);
    const value = mark(cut, truncation, context.markable);
    return { value, marked, truncation };
  };
  // Everything but the list, with a note as long as any the cut could write.
  const frame = bytes(JSON.stringify(build(0).marked)) + 64;
  let count = 0;
  let size = frame;
  while (count < items.length && size + itemBytes[count]! <= maxBytes) {
    size += itemBytes[count]!;
    count += 1;
  }
  for (; count >= 0; count -= 1) {
    const candidate = build(count);
    if (bytes(JSON.stringify(candidate.marked)) <= maxBytes) return candidate;
  }
  return undefined;
}

/** The largest array in a result: the result itself, or one up to three objects down. */
function largestList(value: unknown): { path: string[]; items: unknown[] } | undefined {
  let best: { path: string[]; items: unknown[]; size: number } | undefined;
  const visit = (node: unknown, path: string[], depth: number) => {
    if (Array.isArray(node)) {
      const size = bytes(JSON.stringify(node));
      if (node.length > 0 && (!best || size > best.size)) best = { path, items: node, size };
      return;
    }
    if (depth >= 3 || node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) visit(child, [...path, key], depth + 1);
  };
  visit(value, [], 0);
  return best && { path: best.path, items: best.items };
}

/** A copy of `value` with the array at `path` replaced. */
function replaceAt(value: unknown, path: string[], items: unknown[]): unknown {
  if (path.length === 0) return items;
  const [head, ...rest] = path as [string, ...string[]];
  const object = value as Record<string, unknown>;
  return { ...object, [head]: replaceAt(object[head], rest, items) };
}

/** The result with the marks a client reads: on an object result, or around a bare list. */
function mark(cut: unknown, truncation: Truncation, markable: (key: string) => boolean): unknown {
  if (Array.isArray(cut)) return { items: cut, truncated: true, truncation };
  const object = cut as Record<string, unknown>;
  return {
    ...object,
    ...(markable('truncated') ? { truncated: true } : {}),
    ...(markable('truncation') ? { truncation } : {}),
  };
}

/** What was cut, and the way to the rest from the command's own parameters. */
function describeCut(
  result: unknown,
  path: string[],
  items: unknown[],
  count: number,
  context: BoundContext,
): Truncation {
  const object = (result ?? {}) as Record<string, unknown>;
  const pageInfo = object.pageInfo as { hasNextPage?: unknown; endCursor?: unknown } | undefined;
  const moreAtProvider =
    object.has_more === true || pageInfo?.hasNextPage === true || object.truncated === true;
  const noMore = object.has_more === false || pageInfo?.hasNextPage === false || object.truncated === false;
  const params = new Set(Object.keys((context.inputSchema.properties ?? {}) as Record<string, unknown>));
  const last = items[count - 1] as Record<string, unknown> | undefined;
  const perCall = Math.max(count, 1);
  let rest: string;
  let nextInput: Record<string, unknown> | undefined;
  if (params.has('cursor') && params.has('limit')) {
    rest = `Ask for at most ${perCall} items per call (limit: ${perCall}) and page on with cursor set to each answer's pageInfo.endCursor while pageInfo.hasNextPage is true.`;
    nextInput = { ...context.input, limit: perCall };
    delete nextInput.cursor;
  } else if (params.has('createdBefore') && typeof last?.created === 'number') {
    const limit = typeof context.input.limit === 'number' ? context.input.limit - count : undefined;
    rest = `Items are newest first: ask again with createdBefore: ${last.created + 1} (the last item's created time plus one second; items of that second may repeat)${limit !== undefined ? ` and limit: ${limit}` : ''}, and fewer per call if that is cut too.`;
    nextInput = {
      ...context.input,
      createdBefore: last.created + 1,
      ...(limit !== undefined ? { limit } : {}),
    };
  } else {
    const narrower = [
      params.has('start') && params.has('end') ? 'a shorter range (start, end)' : undefined,
      params.has('maxEvents') ? `maxEvents: ${perCall}` : undefined,
      params.has('limit') ? `limit: ${perCall}` : undefined,
    ].filter(Boolean);
    rest =
      narrower.length > 0
        ? `Ask for less at a time: ${narrower.join(', or ')}.`
        : 'Narrow the input so that less comes back.';
  }
  const note = moreAtProvider ? ' The provider holds more beyond these too.' : '';
  return {
    path: path.join('.') || '(the result)',
    returned: count,
    received: items.length,
    ...(noMore && !moreAtProvider ? { total: items.length } : {}),
    rest: `${rest}${note}${nextInput && context.tool ? ` Next call: ${context.tool} with ${JSON.stringify(nextInput)}.` : ''}`,
    ...(nextInput ? { nextInput } : {}),
  };
}
