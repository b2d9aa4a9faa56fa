/** A parsed partial-response mask: field → sub-mask (`true` for the whole field). */
export type FieldMask = Map<string, FieldMask | true>;

/** Drive refuses the mask (`400 Invalid field selection`). */
export class FieldMaskError extends Error {
  override readonly name = 'FieldMaskError';
}

/**
 * Parses Google's `fields` syntax: comma-separated names, `a/b` for a nested field, `a(b,c)` for
 * several, `*` for all (`nextPageToken,files(id,name,modifiedTime)`).
 */
export function parseFieldMask(text: string): FieldMask {
  let at = 0;
  const parseList = (): FieldMask => {
    const mask: FieldMask = new Map();
    for (;;) {
      const name = /^\s*([A-Za-z_*][\w*]*)/.exec(text.slice(at));
      if (!name) throw new FieldMaskError(`Invalid field selection ${text}`);
      at += name[0].length;
      const path = [name[1]!];
      while (text[at] === '/') {
        at += 1;
        const part = /^([A-Za-z_][\w]*)/.exec(text.slice(at));
        if (!part) throw new FieldMaskError(`Invalid field selection ${text}`);
        path.push(part[1]!);
        at += part[0].length;
      }
      let leaf: FieldMask | true = true;
      if (text[at] === '(') {
        at += 1;
        leaf = parseList();
        if (text[at] !== ')') throw new FieldMaskError(`Invalid field selection ${text}`);
        at += 1;
      }
      let target = mask;
      path.forEach((part, index) => {
        if (index === path.length - 1) {
          const known = target.get(part);
          target.set(part, known instanceof Map && leaf instanceof Map ? new Map([...known, ...leaf]) : leaf);
        } else {
          const known = target.get(part);
          const next: FieldMask = known instanceof Map ? known : new Map();
          if (known !== true) target.set(part, next);
          target = next;
        }
      });
      while (text[at] === ' ') at += 1;
      if (text[at] !== ',') return mask;
      at += 1;
    }
  };
  const mask = parseList();
  if (at !== text.length) throw new FieldMaskError(`Invalid field selection ${text}`);
  return mask;
}

/** Keeps only the selected fields of a value (arrays are masked item by item). */
export function applyFieldMask(value: unknown, mask: FieldMask | true): unknown {
  if (mask === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => applyFieldMask(item, mask));
  if (mask.has('*')) return value;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of mask) {
    const item = (value as Record<string, unknown>)[name];
    if (item !== undefined) out[name] = applyFieldMask(item, sub);
  }
  return out;
}
