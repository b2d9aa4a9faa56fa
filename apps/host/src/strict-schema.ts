// A schema as a strict client compiles it (Ajv's strict mode, draft 2020-12), and the view hints of
// the host's UI (`x-view`, `x-list`, `x-filter-fields`, …) taken out of it: MCP's `describe` and the
// OpenAPI document publish the first, the OpenAPI document carries the second beside the schema
// (`x-c-views`), and the host API (`GET /api/commands/{id}`, which the web UI reads) keeps both as
// they are.

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keywords whose keys are names (of fields, definitions), not keywords: a field may be `x-…`. */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose values are data (a default, an example), left exactly as they are. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example']);
/** The keywords that apply to one type only, which a strict compiler wants under that type. */
const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
  ],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
};
TYPE_KEYWORDS.integer = TYPE_KEYWORDS.number!;

/**
 * A list of types (`type: ['string', 'null']`) as a strict compiler takes it: `anyOf` one branch a
 * type, each with the keywords that apply to it. The same values pass.
 */
function splitTypes(schema: Schema, types: unknown[]): Schema {
  const rest: Schema = { ...schema };
  delete rest.type;
  const branches = types.map((type) => {
    const branch: Schema = { type };
    for (const keyword of TYPE_KEYWORDS[String(type)] ?? []) {
      if (keyword in schema) branch[keyword] = schema[keyword];
    }
    return branch;
  });
  for (const keyword of Object.values(TYPE_KEYWORDS).flat()) delete rest[keyword];
  // An `anyOf` already there must hold as well as the type's.
  return rest.anyOf
    ? { ...rest, allOf: [{ anyOf: branches }, ...((rest.allOf as unknown[]) ?? [])] }
    : { ...rest, anyOf: branches };
}

/**
 * A full schema as MCP (`describe`) and the OpenAPI document publish it, for a client that compiles
 * it strictly: without the view hints, unknown keywords there, and with a list of types written as
 * `anyOf`. The host API keeps them as they are.
 */
export function withoutViewHints(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutViewHints);
  if (!isSchema(schema)) return schema;
  const source = Array.isArray(schema.type) ? splitTypes(schema, schema.type) : schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key.startsWith('x-')) continue;
    out[key] = DATA.has(key)
      ? value
      : NAMED.has(key) && isSchema(value)
        ? Object.fromEntries(Object.entries(value).map(([name, field]) => [name, withoutViewHints(field)]))
        : withoutViewHints(value);
  }
  return out;
}

/** The view hints of a schema's nodes, by the JSON Pointer of each node from the schema's root. */
export type ViewHints = Record<string, Record<string, unknown>>;

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The view hints `withoutViewHints` takes out of a schema, each node's under its JSON Pointer in
 * the schema as the host API gives it (`""` for the root, `/properties/data/items` for the items
 * of its `data`), so a reader of the OpenAPI document finds them beside the schema.
 */
export function viewHints(schema: unknown, pointer = '', found: ViewHints = {}): ViewHints {
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) viewHints(item, `${pointer}/${index}`, found);
    return found;
  }
  if (!isSchema(schema)) return found;
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${escapePointer(key)}`;
    if (key.startsWith('x-')) found[pointer] = { ...found[pointer], [key]: value };
    else if (DATA.has(key)) continue;
    else if (NAMED.has(key) && isSchema(value)) {
      for (const [name, field] of Object.entries(value))
        viewHints(field, `${at}/${escapePointer(name)}`, found);
    } else viewHints(value, at, found);
  }
  return found;
}
