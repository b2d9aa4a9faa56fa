// What MCP publishes of a command's schemas, sized for an agent's context: tools/list is read by the
// model before it does anything, so each tool says what it needs and no more. Compacting only ever
// loosens a schema (keywords and fields are dropped, never added), so whatever the full schema
// accepts, the compact one accepts too; the host still validates the input with the command's own
// schema, and `describe` gives the full ones.

/** An enum longer than this is left to the description (it would crowd out the fields). */
const MAX_ENUM = 12;
/**
 * A longer pattern (a UUID's is 70 characters) is left to the description, which names the form
 * ("its UUID"); the host checks it with the command's own schema all the same.
 */
const MAX_PATTERN = 32;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A union of loosened branches, as `anyOf` (a `oneOf` of loosened branches could match twice,
 * which `oneOf` refuses). A union of plain types (zod's `.nullable()`) gives no type at all: an
 * agent reads the field's name, and a strict compiler refuses `type: [X, 'null']`.
 */
function union(branches: Schema[]): Schema {
  const plain = branches.every(
    (branch) => Object.keys(branch).length === 1 && typeof branch.type === 'string',
  );
  return plain ? {} : { anyOf: branches };
}

/** A `type` list (`['string', 'null']`) as a strict compiler takes it: `anyOf` of one type each. */
function typeOf(type: unknown): Schema {
  return Array.isArray(type) ? { anyOf: type.map((one) => ({ type: one })) } : { type };
}

/**
 * An output schema with the fields an agent reads: names and types of the result's fields, one
 * level into nested objects and into the items of its lists, `levels` deep; everything else
 * (descriptions, formats, view hints, deeper fields, `required`) is left out and let through.
 */
export function compactOutput(schema: Schema, levels: number, level = 0): Schema {
  if (typeof schema.$ref === 'string') return {};
  const compact: Schema = {};
  // A union of types says nothing an agent needs (a strict compiler refuses it as such).
  if (typeof schema.type === 'string') compact.type = schema.type;
  if (schema.const !== undefined) compact.const = schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length <= MAX_ENUM) compact.enum = schema.enum;
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (branches?.every(isSchema)) {
    const loose = branches.map((branch) => compactOutput(branch, levels, level));
    // A branch that allows anything makes the union allow anything.
    if (loose.every((branch) => Object.keys(branch).length > 0)) Object.assign(compact, union(loose));
  }
  // Fields and items are kept under a single type only (a strict compiler wants it said).
  const typed = typeof schema.type === 'string';
  if (typed && isSchema(schema.properties) && level < levels) {
    compact.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [
        key,
        isSchema(value) ? compactOutput(value, levels, level + 1) : {},
      ]),
    );
  }
  // A list's items are read like its parent's fields: they cost no level of their own.
  if (typed && isSchema(schema.items))
    compact.items = compactOutput(schema.items, levels, Math.max(0, level - 1));
  return compact;
}

/** An object schema reduced to its field names, each let be anything: the least an agent reads. */
export function fieldNames(schema: Schema): Schema {
  const properties = isSchema(schema.properties) ? Object.keys(schema.properties) : [];
  return { type: 'object', properties: Object.fromEntries(properties.map((key) => [key, {}])) };
}

/** The keywords an input schema keeps: what a model needs to write a valid call. */
const INPUT_KEYWORDS = [
  'type',
  'description',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'default',
  'anyOf',
  'minimum',
  'maximum',
  'pattern',
] as const;

/** How much of the parameters' descriptions an input schema keeps. */
export type DescriptionDetail = 'full' | 'short-nested' | 'top-only' | 'short' | 'required';

/** The first sentence of a description (or the whole, when it has one). */
export function firstSentences(text: string, count = 1, maxLength = 300): string {
  // "e.g." and "i.e." end no sentence.
  const sentences = text.split(/(?<![\s(]e\.g\.|[\s(]i\.e\.)(?<=[.!?])\s+(?=[A-Z`(“"])/);
  const kept = sentences.slice(0, count).join(' ');
  return kept.length <= maxLength ? kept : `${kept.slice(0, maxLength - 1).trimEnd()}…`;
}

/**
 * An input schema without what only a form needs (titles, examples, labels of enum values, view
 * hints), its descriptions kept as `detail` says: `full`, `short-nested` (nested parameters'
 * cut to a sentence), `top-only` (nested parameters' left out) or `short` (every one a sentence,
 * nested ones left out) or `required` (as `short`, and of an optional parameter only where its
 * choices are listed: its name and type say the rest).
 */
export function compactInput(
  schema: Schema,
  detail: DescriptionDetail,
  level = 0,
  levels = 9,
  optional = false,
): Schema {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const compact: Schema = {};
  for (const keyword of INPUT_KEYWORDS) {
    const value = schema[keyword];
    if (value === undefined) continue;
    // Past `levels`, an object or list is its type and description (its description says its shape).
    if (level >= levels && ['properties', 'required', 'items', 'anyOf'].includes(keyword)) continue;
    if (keyword === 'type') {
      Object.assign(compact, typeOf(value));
    } else if (keyword === 'properties' && isSchema(value)) {
      compact.properties = Object.fromEntries(
        Object.entries(value).map(([key, child]) => [
          key,
          isSchema(child) ? compactInput(child, detail, level + 1, levels, !required.has(key)) : child,
        ]),
      );
    } else if (keyword === 'items' && isSchema(value)) {
      compact.items = compactInput(value, detail, level, levels);
    } else if (keyword === 'anyOf' && Array.isArray(value)) {
      compact.anyOf = value.map((branch) =>
        isSchema(branch) ? compactInput(branch, detail, level, levels) : branch,
      );
    } else if (
      (keyword === 'minimum' || keyword === 'maximum') &&
      (Math.abs(Number(value)) >= Number.MAX_SAFE_INTEGER || Array.isArray(schema.enum))
    ) {
      // zod's bounds of a safe integer, or bounds beside an enum, say nothing a model needs.
    } else if (keyword === 'pattern' && String(value).length > MAX_PATTERN) {
      // Left to the description (see MAX_PATTERN).
    } else if (keyword === 'description' && typeof value === 'string') {
      const text = describeAt(value, detail, level, optional);
      if (text !== undefined) compact.description = text;
    } else {
      compact[keyword] = value;
    }
  }
  // A strict object stays strict: an agent learns of a misspelt parameter from the schema.
  if (schema.additionalProperties === false && compact.properties) compact.additionalProperties = false;
  // A `oneOf` (zod's labelled enum values beside `enum`) is dropped: `enum` says the same.
  if (
    Array.isArray(schema.oneOf) &&
    schema.enum === undefined &&
    compact.anyOf === undefined &&
    level < levels
  ) {
    compact.anyOf = schema.oneOf.map((branch) =>
      isSchema(branch) ? compactInput(branch, detail, level, levels) : branch,
    );
  }
  return compact;
}

function describeAt(
  text: string,
  detail: DescriptionDetail,
  level: number,
  optional: boolean,
): string | undefined {
  const nested = level > 1;
  if (detail === 'full') return text;
  if (detail === 'short-nested') return nested ? firstSentences(text) : text;
  if (detail === 'top-only') return nested ? undefined : text;
  if (nested) return undefined;
  // A parameter's choices (see `withChoices`) outlast the rest of its words, as the tool's name.
  const choices = /Choices: the (\w+) tool/.exec(text)?.[1];
  if (detail === 'required' && optional) return choices ? `Choices: the ${choices} tool.` : undefined;
  const first = firstSentences(text.replace(/ ?Choices: .*$/, ''), 1, 120);
  return choices ? `${first} Choices: the ${choices} tool.` : first;
}
