import type { Zod } from './zod-lazy.js';

/** One option of a {@link choice}: the value sent to the provider and the words a person reads. */
export type ChoiceOption<V extends string> = readonly [value: V, label: string];

/**
 * An enum whose values are wire encodings (`'-300000'`, `'pct_dau'`) with a label for each option.
 * Input is parsed and sent as the values; the JSON Schema keeps `enum` for every client and adds
 * `oneOf: [{ const, title }]`, the standard way to title enum options, which forms render as a
 * labelled select.
 */
export function choice<const V extends string>(z: Zod, options: readonly ChoiceOption<V>[]) {
  const values = options.map(([value]) => value);
  return z.enum(values).meta({ oneOf: options.map(([value, label]) => ({ const: value, title: label })) });
}

/** The labels of an enum's options when its JSON Schema titles them (see {@link choice}), by value. */
export function choiceLabels(schema: Record<string, unknown>): Map<unknown, string> {
  const labels = new Map<unknown, string>();
  const variants = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : [];
  for (const variant of variants) {
    if (typeof variant !== 'object' || variant === null) continue;
    const { const: value, title } = variant as Record<string, unknown>;
    if (value !== undefined && typeof title === 'string') labels.set(value, title);
  }
  return labels;
}
