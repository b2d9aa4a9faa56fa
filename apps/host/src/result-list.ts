/**
 * The list a result holds, wherever a surface handles results as lists: the CLI's NDJSON and
 * tables, and the run store, which keeps a big list apart in pieces.
 */

/** The keys a list sits under in the shapes results come in (a page's `data`, a GraphQL connection's `nodes`, …). */
const LIST_KEYS = ['data', 'nodes', 'events', 'files', 'matches', 'results'] as const;

/**
 * The list a result holds: at `path` (dotted) when its command declares one (its output schema's
 * `x-list`, e.g. a funnel's `steps` beside its `data`); else the result itself when it is an array,
 * else its first list-holding key.
 */
export function listItems(result: unknown, path?: string): unknown[] | undefined {
  if (path) {
    let value: unknown = result;
    for (const segment of path.split('.')) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
    }
    if (Array.isArray(value)) return value;
  }
  if (Array.isArray(result)) return result;
  if (!result || typeof result !== 'object') return undefined;
  const object = result as Record<string, unknown>;
  for (const key of LIST_KEYS) {
    if (Array.isArray(object[key])) return object[key];
  }
  return undefined;
}
