import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { filterFieldsOf } from '../form/filter-value';
import type { JsonSchema } from '../types';
import { lookupFor } from './lookups';

/** How the form presents one parameter beyond what its JSON type says. */
export type DateFormat = 'ymd' | 'ymdh' | 'isoDate' | 'unixSeconds';

type Schema = Record<string, unknown>;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: Schema): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

function resolve(schema: unknown, root: Schema): Schema {
  if (!isRecord(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = isRecord(target) ? target[part] : undefined;
  const { $ref: _ref, ...rest } = schema;
  return { ...resolve(target, root), ...rest };
}

/** Which date helper a string or integer parameter gets, read from its pattern, format and words. */
export function dateFormatOf(schema: Schema): DateFormat | undefined {
  const types = typesOf(schema);
  const words = `${String(schema.title ?? '')} ${String(schema.description ?? '')}`;
  if (types.includes('integer') || types.includes('number')) {
    return /unix/i.test(words) ? 'unixSeconds' : undefined;
  }
  if (!types.includes('string')) return undefined;
  const pattern = String(schema.pattern ?? '');
  if (/YYYYMMDDTHH/i.test(words) || /(\\d\{8\}|\{8\})T/.test(pattern)) return 'ymdh';
  if (/YYYYMMDD(?!T)/i.test(words) || /^\^?(\\d\{8\}|\[0-9\]\{8\})\$?$/.test(pattern)) return 'ymd';
  if (schema.format === 'date' || /YYYY-MM-DD/.test(words)) return 'isoDate';
  return undefined;
}

function variantsOf(schema: Schema, root: Schema): Schema[] | undefined {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.map((entry) => resolve(entry, root)) : undefined;
}

function propertyCount(schema: Schema): number {
  return isRecord(schema.properties) ? Object.keys(schema.properties).length : 0;
}

function isArrayOfScalars(schema: Schema, root: Schema): boolean {
  if (!typesOf(schema).includes('array')) return false;
  const items = resolve(schema.items, root);
  const types = typesOf(items);
  return types.length > 0 && types.every((type) => ['string', 'number', 'integer', 'boolean'].includes(type));
}

/**
 * A list of records whose fields are all plain values (a segmentation's property filters): it reads
 * best as a list of small forms with Add and Remove. A list whose records hold free-form objects
 * (events with arbitrary properties) stays JSON, the one editor that can hold every such value.
 */
function isListOfRecords(schema: Schema, root: Schema): boolean {
  if (!typesOf(schema).includes('array')) return false;
  const items = resolve(schema.items, root);
  if (!typesOf(items).includes('object') || propertyCount(items) === 0) return false;
  return Object.values(items.properties as Schema).every((raw) => {
    const field = resolve(raw, root);
    return isArrayOfScalars(field, root) || !isStructured(field, root);
  });
}

function isStructured(schema: Schema, root: Schema): boolean {
  const types = typesOf(schema);
  if (types.includes('array')) return !isListOfRecords(schema, root);
  // An object with known fields reads best as nested fields, open to more (a loose object) or not;
  // a free-form one (a record, only `additionalProperties`) as JSON.
  if (types.includes('object')) return propertyCount(schema) === 0;
  const variants = variantsOf(schema, root);
  return variants ? variants.some((variant) => isStructured(variant, root)) : false;
}

function acceptsString(schema: Schema, root: Schema): boolean {
  if (typesOf(schema).includes('string')) return true;
  return variantsOf(schema, root)?.some((variant) => typesOf(variant).includes('string')) ?? false;
}

function describedBy(schema: Schema): Schema {
  const kept: Schema = {};
  for (const key of ['title', 'description', 'default', 'examples']) {
    if (schema[key] !== undefined) kept[key] = schema[key];
  }
  return kept;
}

/**
 * The labels of an enum whose options are titled by `oneOf: [{ const, title }]` (how connectors name
 * wire values such as `-300000`), in the enum's order; undefined when any option has no title.
 */
export function enumLabelsOf(schema: Schema): string[] | undefined {
  if (!Array.isArray(schema.enum) || !Array.isArray(schema.oneOf)) return undefined;
  const titles = new Map<unknown, unknown>();
  for (const option of schema.oneOf) if (isRecord(option)) titles.set(option.const, option.title);
  const labels = schema.enum.map((value) => titles.get(value));
  return labels.every((label): label is string => typeof label === 'string') ? labels : undefined;
}

/** A form's JSON Schema (simplified where a widget does better) and its UI schema. */
export interface FormPlan {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** One property's part of a form plan: its schema as the form takes it, and its UI schema. */
interface PropertyPlan {
  schema: Schema;
  ui: UiSchema;
}

function planProperty(
  commandId: string,
  key: string,
  raw: unknown,
  root: Schema,
  required: boolean,
): PropertyPlan {
  let schema = resolve(raw, root);
  const variants = variantsOf(schema, root);
  const nonNull = variants?.filter((variant) => !typesOf(variant).includes('null'));
  if (variants && nonNull && nonNull.length === 1 && nonNull.length < variants.length) {
    schema = { ...nonNull[0], ...describedBy(schema) };
  }
  return (
    planChoice(commandId, key, schema, root) ??
    planStringHint(key, schema) ??
    planStructured(commandId, key, schema, root) ??
    planScalar(key, schema, required) ?? { schema, ui: {} }
  );
}

/** A property whose value is picked: a filter builder, a lookup, a titled enum, suggestions. */
function planChoice(commandId: string, key: string, schema: Schema, root: Schema): PropertyPlan | undefined {
  if (filterFieldsOf(schema) && typesOf(schema).includes('object')) {
    // The connector declares the filter's common fields: a builder for them, JSON for the rest.
    return { schema, ui: { 'ui:field': 'filter' } };
  }
  const lookup = lookupFor(commandId, key);
  if (lookup && acceptsString(schema, root)) {
    return {
      schema: { ...describedBy(schema), type: 'string' },
      ui: { 'ui:widget': 'lookup', 'ui:options': { lookup: key, acceptsJson: isStructured(schema, root) } },
    };
  }
  const list = listVariant(schema, root);
  const choices = listChoices(list, root);
  if (list && choices) {
    return {
      schema: { ...list, ...describedBy(schema) },
      ui: { 'ui:field': 'checklist', 'ui:options': { choices } },
    };
  }
  const labels = enumLabelsOf(schema);
  if (labels) {
    // rjsf lists an enum's values as they are; ui:enumNames puts the words in the select instead.
    const { oneOf: _titled, ...plain } = schema;
    return { schema: plain, ui: { 'ui:enumNames': labels } };
  }
  const variants = variantsOf(schema, root);
  if (!variants) return undefined;
  const enumVariant = variants.find((variant) => Array.isArray(variant.enum));
  const openString = variants.some((variant) => typesOf(variant).includes('string') && !variant.enum);
  if (enumVariant && openString && !isStructured(schema, root)) {
    return {
      schema: { ...describedBy(schema), type: 'string' },
      ui: { 'ui:widget': 'suggest', 'ui:options': { suggestions: enumVariant.enum as unknown[] } },
    };
  }
  return undefined;
}

/** The list among a schema and its variants (a list, or the same as comma-separated text). */
function listVariant(schema: Schema, root: Schema): Schema | undefined {
  if (typesOf(schema).includes('array')) return schema;
  return variantsOf(schema, root)?.find((variant) => typesOf(variant).includes('array'));
}

/** The declared choices of a list of strings (its items' `examples`, such as a trigger's event types). */
function listChoices(list: Schema | undefined, root: Schema): string[] | undefined {
  if (!list) return undefined;
  const items = resolve(list.items, root);
  const examples = items.examples;
  if (!typesOf(items).includes('string') || !Array.isArray(examples) || examples.length < 2) return undefined;
  return examples.filter((example): example is string => typeof example === 'string');
}

/** What an empty list box shows: the schema's own example of the list, a list of its items', or `[ … ]`. */
function listPlaceholder(schema: Schema, list: Schema, root: Schema): string {
  const example = [schema.examples, list.examples].find(Array.isArray)?.[0];
  if (Array.isArray(example)) return JSON.stringify(example);
  const items = resolve(list.items, root).examples;
  return Array.isArray(items) && items.length > 0 ? JSON.stringify(items.slice(0, 2)) : '[ … ]';
}

/** A string named like a secret (masked), or with examples (offered as suggestions). */
function planStringHint(key: string, schema: Schema): PropertyPlan | undefined {
  const types = typesOf(schema);
  if (types.includes('string') && /(api[-_]?key|secret|token|password)$/i.test(key)) {
    return { schema, ui: { 'ui:widget': 'secret' } };
  }
  if (
    types.includes('string') &&
    !schema.enum &&
    Array.isArray(schema.examples) &&
    schema.examples.length > 0
  ) {
    return {
      schema,
      ui: { 'ui:widget': 'suggest', 'ui:options': { suggestions: schema.examples as unknown[] } },
    };
  }
  return undefined;
}

/** A JSON box's options: whether it takes plain text too, and what it shows empty (a list's example). */
function listOptions(schema: Schema, root: Schema): Record<string, string | boolean> {
  const list = listVariant(schema, root);
  return {
    acceptsString: acceptsString(schema, root),
    shape: list ? 'array' : 'object',
    ...(list ? { placeholder: listPlaceholder(schema, list, root) } : {}),
  };
}

/** Structured values: JSON for free-form ones, nested fields for objects and lists of records. */
function planStructured(
  commandId: string,
  key: string,
  schema: Schema,
  root: Schema,
): PropertyPlan | undefined {
  const types = typesOf(schema);
  const untyped =
    types.length === 0 && !schema.enum && schema.const === undefined && !variantsOf(schema, root);
  if (untyped || isStructured(schema, root)) {
    return {
      schema,
      ui: {
        'ui:field': 'json',
        'ui:fieldReplacesAnyOrOneOf': true,
        'ui:options': listOptions(schema, root),
      },
    };
  }
  if (types.includes('object') && isRecord(schema.properties)) {
    const nested = planObject(commandId, schema, root, `${key}.`);
    return { schema: nested.schema as Schema, ui: nested.uiSchema };
  }
  if (isListOfRecords(schema, root)) {
    const items = planObject(commandId, resolve(schema.items, root), root, `${key}[].`);
    return { schema: { ...schema, items: items.schema as Schema }, ui: { items: items.uiSchema } };
  }
  return undefined;
}

/** Dates (a picker, a range filled by default), optional flags (three ways) and long texts. */
function planScalar(key: string, schema: Schema, required: boolean): PropertyPlan | undefined {
  const types = typesOf(schema);
  const dateFormat = dateFormatOf(schema);
  if (dateFormat) {
    const range = required && schema.default === undefined ? rangeDefault(key, dateFormat) : undefined;
    return {
      schema: range === undefined ? schema : { ...schema, default: range },
      ui: { 'ui:widget': 'date', 'ui:options': { dateFormat } },
    };
  }
  if (types.includes('boolean') && schema.default === undefined && !required) {
    // A checkbox cannot say "not given": an optional flag without a default is a three-way choice.
    return { schema, ui: { 'ui:widget': 'select', 'ui:placeholder': 'Not set' } };
  }
  if (
    types.includes('string') &&
    typeof schema.maxLength !== 'number' &&
    /description|body|markdown/i.test(key)
  ) {
    return { schema, ui: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } } };
  }
  return undefined;
}

/**
 * What a required range field starts with, as Amplitude's own charts do: the last 30 days for a
 * day range (`start` 29 days ago, `end` today), the last full day for an hourly one (an export: a
 * day of raw events is plenty to look at). Undefined for any other field: a date a person must pick.
 */
export function rangeDefault(key: string, format: DateFormat, now = new Date()): string | undefined {
  const end = /(^|\.)end$/i.test(key);
  if (!end && !/(^|\.)start$/i.test(key)) return undefined;
  const day = (offset: number) =>
    new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  if (format === 'ymd') return end ? day(0) : day(-29);
  if (format === 'ymdh') return end ? `${day(-1)}T23` : `${day(-1)}T00`;
  if (format === 'isoDate') {
    const text = end ? day(0) : day(-29);
    return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
  }
  return undefined;
}

function planObject(commandId: string, schema: Schema, root: Schema, prefix: string): FormPlan {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const planned: Schema = {};
  const uiSchema: UiSchema = {};
  for (const [key, raw] of Object.entries(properties)) {
    const { schema: field, ui } = planProperty(commandId, `${prefix}${key}`, raw, root, required.has(key));
    planned[key] = field;
    if (Object.keys(ui).length > 0) uiSchema[key] = ui;
  }
  const { additionalProperties: _closed, ...rest } = schema;
  return { schema: { ...rest, type: 'object', properties: planned } as RJSFSchema, uiSchema };
}

/** A field of the form outside lists' items: its path of keys and the titles along that path. */
interface TitledField {
  path: string[];
  titles: string[];
}

/** Every field of a planned form that is a property of an object, nested objects' fields included. */
function titledFields(schema: Schema, uiSchema: UiSchema, path: string[], titles: string[]): TitledField[] {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([key, raw]) => {
    const field = isRecord(raw) ? raw : {};
    const ui = isRecord(uiSchema[key]) ? (uiSchema[key] as UiSchema) : {};
    const own = {
      path: [...path, key],
      titles: [...titles, typeof field.title === 'string' ? field.title : key],
    };
    // An object shown as nested fields is a fieldset of its own; one edited as JSON is one field.
    const nested = typesOf(field).includes('object') && isRecord(field.properties) && !ui['ui:field'];
    return nested ? [own, ...titledFields(field, ui, own.path, own.titles)] : [own];
  });
}

/**
 * Labels nested fields that share a title with another field by their parents' titles too (each
 * event's "Group By" becomes "Event › Group By" and "Second Event › Group By", beside the top-level
 * "Group By"), so that no two controls of the form carry the same name. Read from the schema's
 * paths, the same words the error summary uses.
 */
function withDistinctTitles(schema: Schema, uiSchema: UiSchema): UiSchema {
  const fields = titledFields(schema, uiSchema, [], []);
  const count = new Map<string, number>();
  for (const { titles } of fields)
    count.set(titles.at(-1) as string, (count.get(titles.at(-1) as string) ?? 0) + 1);
  const result: UiSchema = structuredClone(uiSchema);
  for (const { path, titles } of fields) {
    if (path.length < 2 || (count.get(titles.at(-1) as string) ?? 0) < 2) continue;
    let node = result;
    for (const key of path) {
      node[key] = isRecord(node[key]) ? node[key] : {};
      node = node[key] as UiSchema;
    }
    node['ui:title'] = titles.join(' › ');
  }
  return result;
}

/**
 * Turns a command's input schema into what the form renders: lookups for provider objects, date
 * pickers for dates, nested fields for objects with known fields and lists of them, a filter builder
 * where the connector declares a filter's common fields, a JSON editor for free-form objects and
 * arrays, a three-way select for optional flags. The host validates the input again; this only shapes the screen.
 */
export function planForm(commandId: string, inputSchema: JsonSchema): FormPlan {
  const root = inputSchema as Schema;
  const plan = planObject(commandId, root, root, '');
  const { $defs, definitions } = root;
  const schema = { ...plan.schema } as Schema;
  if ($defs) schema.$defs = $defs;
  if (definitions) schema.definitions = definitions;
  return { schema: schema as RJSFSchema, uiSchema: withDistinctTitles(plan.schema as Schema, plan.uiSchema) };
}
