/** A value that can be encoded into a query string or a form body. */
export type FormValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly FormValue[]
  | { readonly [key: string]: FormValue };

/**
 * Flattens nested objects and arrays into bracketed pairs, as Stripe (and Rails, PHP) read them:
 * `{metadata: {plan: 'gold'}, items: [{price: 'p'}]}` becomes `metadata[plan]=gold&items[0][price]=p`.
 * `undefined` is skipped; `null` and `''` are sent as an empty value (Stripe's way to unset).
 */
export function flattenForm(value: Record<string, FormValue>): [string, string][] {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, item: FormValue): void => {
    if (item === undefined) return;
    if (item === null) {
      pairs.push([prefix, '']);
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => {
        walk(`${prefix}[${index}]`, entry);
      });
    } else if (typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) walk(`${prefix}[${key}]`, entry);
    } else {
      pairs.push([prefix, String(item)]);
    }
  };
  for (const [key, item] of Object.entries(value)) walk(key, item);
  return pairs;
}

/** Percent-encodes a key as `application/x-www-form-urlencoded`, keeping brackets readable. */
function encodeFormKey(key: string): string {
  const name = encodeFormComponent(key);
  // Most keys are plain words: the bracket pass runs only on keys that have one.
  return name.includes('%5') ? name.replace(/%5B/g, '[').replace(/%5D/g, ']') : name;
}

function encodeFormComponent(text: string): string {
  const encoded = encodeURIComponent(text);
  return encoded.includes('%20') ? encoded.replace(/%20/g, '+') : encoded;
}

/**
 * Encodes a form body with bracket encoding for nested objects and arrays: the pairs of
 * `flattenForm`, written straight into one string (a body is encoded on every call).
 */
export function encodeForm(value: Record<string, FormValue>): string {
  let out = '';
  const walk = (prefix: string, item: FormValue): void => {
    if (item === undefined) return;
    if (item !== null && typeof item === 'object') {
      if (Array.isArray(item)) {
        for (let index = 0; index < item.length; index += 1) walk(`${prefix}[${index}]`, item[index]);
      } else {
        const record = item as Record<string, FormValue>;
        for (const key of Object.keys(record)) walk(`${prefix}[${key}]`, record[key]);
      }
      return;
    }
    const text = item === null ? '' : encodeFormComponent(String(item));
    out += `${out === '' ? '' : '&'}${encodeFormKey(prefix)}=${text}`;
  };
  for (const key of Object.keys(value)) walk(key, value[key]);
  return out;
}

/**
 * Encodes a query string (without `?`). Arrays repeat the key (`g=a&g=b`) unless `brackets` is set,
 * in which case nested values use the same bracket encoding as `encodeForm`.
 */
export function encodeQuery(query: Record<string, FormValue> | undefined, brackets = false): string {
  if (!query) return '';
  if (brackets) return encodeForm(query);
  const parts: string[] = [];
  for (const [key, item] of Object.entries(query)) {
    if (item === undefined) continue;
    const values = Array.isArray(item) ? item : [item];
    for (const entry of values) {
      if (entry === undefined) continue;
      const text = entry === null ? '' : typeof entry === 'object' ? JSON.stringify(entry) : String(entry);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.join('&');
}
