/** A decoded Stripe parameter: a string, an array (`items[0]…`) or a hash (`metadata[plan]`). */
export type StripeParam = string | StripeParam[] | StripeParams;

/** Decoded parameters of one request, nested as Stripe reads its bracket encoding. */
export interface StripeParams {
  [key: string]: StripeParam;
}

type Node = Map<string, Node | string>;

/**
 * Decodes bracket-encoded pairs (`metadata[plan]=gold`, `items[0][price]=p`, `expand[]=x`) into nested
 * hashes and arrays, the way Stripe reads query strings and form bodies. A hash whose keys are all
 * indexes becomes an array in index order.
 */
export function decodeStripeParams(pairs: Iterable<[string, string]>): StripeParams {
  const root: Node = new Map();
  for (const [key, value] of pairs) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const segments = match
      ? [match[1] ?? key, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
      : [key];
    let node = root;
    segments.forEach((segment, index) => {
      const name = segment === '' ? String(node.size) : segment;
      if (index === segments.length - 1) {
        node.set(name, value);
        return;
      }
      const next = node.get(name);
      if (next instanceof Map) {
        node = next;
      } else {
        const created: Node = new Map();
        node.set(name, created);
        node = created;
      }
    });
  }
  return toParams(root) as StripeParams;
}

function toParams(node: Node): StripeParams | StripeParam[] {
  const entries = [...node].map(([key, value]): [string, StripeParam] => [
    key,
    typeof value === 'string' ? value : toParams(value),
  ]);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
  }
  return Object.fromEntries(entries);
}

/** Stripe's name of a nested parameter: `items[0][price]`. */
export function paramName(path: readonly (string | number)[]): string {
  const [first, ...rest] = path;
  return `${first ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}
