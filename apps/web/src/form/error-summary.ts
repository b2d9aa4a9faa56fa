import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';

/** The client-side problems of one field, to list above the Run button and link to the field. */
export interface FieldProblem {
  /** Path of the field in the form data (`['groupBy']`, `['event2', 'event_type']`). */
  path: string[];
  /** The field's title, with its parents' (`Second Event › Event Type`). */
  label: string;
  /** What is wrong, in words; an array item's problems name the item (`Item 1: Must be text.`). */
  messages: string[];
}

type Schema = Record<string, unknown>;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits rjsf's property accessor (`.groupBy.0`, `['first-name']`, `.a[0]`) into path segments. */
export function pathOf(property: string | undefined): string[] {
  if (!property) return [];
  const parts: string[] = [];
  // rjsf writes a required property's path without the leading dot (`start`, `a.b`).
  if (!/^[.[]/.test(property)) property = `.${property}`;
  const pattern = /\.([^.[\]]+)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]/g;
  for (const match of property.matchAll(pattern)) {
    parts.push(match[1] ?? match[2] ?? (match[3] as string).replace(/\\(.)/g, '$1'));
  }
  return parts;
}

function valueAt(data: unknown, path: string[]): unknown {
  let node = data;
  for (const part of path) node = isRecord(node) || Array.isArray(node) ? (node as Schema)[part] : undefined;
  return node;
}

/** The titles along a path of properties (`event2.event_type` → Second Event › Event Type). */
function labelOf(schema: RJSFSchema, path: string[]): string {
  const words: string[] = [];
  let node: unknown = schema;
  for (const part of path) {
    const properties = isRecord(node) && isRecord(node.properties) ? node.properties : undefined;
    node = properties?.[part];
    words.push(isRecord(node) && typeof node.title === 'string' ? node.title : part);
  }
  return words.join(' › ');
}

/** `['0', 'value']` → `Item 1 › value`. */
function innerLabel(path: string[]): string {
  return path.map((part) => (/^\d+$/.test(part) ? `Item ${Number(part) + 1}` : part)).join(' › ');
}

/**
 * Groups rjsf's validation errors by the field a person can see and fix: a problem inside an array
 * (or inside a value edited as JSON) belongs to that field and says which item. A string where an
 * object or array is expected came from the JSON editor and reads "Not valid JSON" (the editor
 * shows where), so bad JSON is reported once, not also as a type error.
 */
export function describeProblems(
  errors: RJSFValidationError[],
  schema: RJSFSchema,
  formData: unknown,
  jsonFields: ReadonlySet<string>,
): FieldProblem[] {
  const byField = new Map<string, FieldProblem>();
  for (const error of errors) {
    const path = pathOf(error.property);
    // A missing property is reported on its parent by ajv; rjsf usually moves it, but not always.
    const missing = (error.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    if (error.name === 'required' && typeof missing === 'string' && path.at(-1) !== missing)
      path.push(missing);
    // The visible field: up to the first array index, and no deeper than a field edited as JSON.
    let cut = path.findIndex((part) => /^\d+$/.test(part));
    if (cut < 0) cut = path.length;
    for (let depth = 1; depth <= cut; depth += 1) {
      if (jsonFields.has(path.slice(0, depth).join('.'))) {
        cut = depth;
        break;
      }
    }
    const fieldPath = path.slice(0, cut);
    const key = fieldPath.join('.');
    const problem = byField.get(key) ?? {
      path: fieldPath,
      label: fieldPath.length > 0 ? labelOf(schema, fieldPath) : 'The parameters',
      messages: [],
    };
    const expected = (error.params as { type?: unknown } | undefined)?.type;
    const badJson =
      error.name === 'type' &&
      (expected === 'object' || expected === 'array') &&
      typeof valueAt(formData, path) === 'string';
    const text = badJson ? 'Not valid JSON.' : (error.message ?? 'Invalid value.');
    const inner = path.slice(cut);
    const message = inner.length > 0 ? `${innerLabel(inner)}: ${text}` : text;
    if (!problem.messages.includes(message)) problem.messages.push(message);
    byField.set(key, problem);
  }
  return [...byField.values()];
}

/**
 * The element to focus for a field path: the field's own input, or the closest enclosing one that
 * exists (an array item edited as JSON focuses the JSON editor). rjsf names inputs
 * `<formId>_<path joined by _>`.
 */
export function fieldElement(formId: string, path: string[]): HTMLElement | null {
  for (let depth = path.length; depth > 0; depth -= 1) {
    const element = document.getElementById(`${formId}_${path.slice(0, depth).join('_')}`);
    if (element) return element;
  }
  return null;
}

/**
 * The dotted paths of the fields a UI schema edits as one value: as JSON (`'ui:field': 'json'`) or
 * with a filter builder (`'filter'`), whose inner problems it lists itself.
 */
export function jsonFieldPaths(uiSchema: Record<string, unknown>, prefix = ''): Set<string> {
  const paths = new Set<string>();
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || !isRecord(value)) continue;
    if (['json', 'filter', 'checklist'].includes(String(value['ui:field']))) paths.add(`${prefix}${key}`);
    for (const inner of jsonFieldPaths(value, `${prefix}${key}.`)) paths.add(inner);
  }
  return paths;
}
