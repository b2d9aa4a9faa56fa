import { dereference, encodePointer, type OutputUnit, type Schema, validate } from '@cfworker/json-schema';
import {
  type CustomValidator,
  createErrorHandler,
  type ErrorTransformer,
  getDefaultFormState,
  type RJSFSchema,
  type RJSFValidationError,
  ROOT_SCHEMA_PREFIX,
  toErrorSchema,
  type UiSchema,
  unwrapErrorHandler,
  type ValidationData,
  type ValidatorType,
  validationDataMerge,
  withIdRefPrefix,
} from '@rjsf/utils';

/**
 * The form's validator: an interpreting JSON Schema validator (@cfworker/json-schema, draft 2020-12)
 * behind rjsf's `ValidatorType`. Unlike Ajv it never turns a schema into code, so the UI runs under a
 * `script-src 'self'` policy without `'unsafe-eval'`. Its errors read as Ajv's did (keyword as `name`,
 * Ajv's `params` and English messages), which the form's messages are written against.
 */

type Lookup = Record<string, Schema | boolean>;
type Params = Record<string, unknown>;

/** A schema made ready to run: a copy whose local `$ref`s point at the root, and the refs it can reach. */
interface Prepared {
  schema: Schema;
  lookup: Lookup;
}

/** Keywords whose failure only sums up the failures of their subschemas, which are reported themselves. */
const SUMMARIES = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'allOf',
  'dependentSchemas',
]);

/** The keyword's value as a printable number or text. */
const text = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/** Ajv's params and message for a failed keyword whose value in the schema is `value`. */
function explain(keyword: string, value: unknown, unit: OutputUnit): { params: Params; message: string } {
  const quoted = (pattern: RegExp) => pattern.exec(unit.error)?.[1] ?? '';
  switch (keyword) {
    case 'required': {
      const missingProperty = quoted(/required property "(.*)"\.$/);
      return { params: { missingProperty }, message: `must have required property '${missingProperty}'` };
    }
    case 'type':
      return { params: { type: text(value) }, message: `must be ${text(value)}` };
    case 'pattern':
      return { params: { pattern: value }, message: `must match pattern "${text(value)}"` };
    case 'format':
      return { params: { format: value }, message: `must match format "${text(value)}"` };
    case 'enum':
      return { params: { allowedValues: value }, message: 'must be equal to one of the allowed values' };
    case 'const':
      return { params: { allowedValue: value }, message: 'must be equal to constant' };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = { minimum: '>=', maximum: '<=', exclusiveMinimum: '>', exclusiveMaximum: '<' }[
        keyword
      ];
      return { params: { comparison, limit: value }, message: `must be ${comparison} ${text(value)}` };
    }
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties': {
      const bound = keyword.startsWith('min') ? 'fewer' : 'more';
      const noun = { L: 'characters', I: 'items', P: 'properties' }[keyword.charAt(3)];
      return { params: { limit: value }, message: `must NOT have ${bound} than ${text(value)} ${noun}` };
    }
    case 'multipleOf':
      return { params: { multipleOf: value }, message: `must be multiple of ${text(value)}` };
    case 'uniqueItems':
      return { params: {}, message: 'must NOT have duplicate items' };
    case 'oneOf':
      return { params: {}, message: 'must match exactly one schema in oneOf' };
    case 'anyOf':
      return { params: {}, message: 'must match a schema in anyOf' };
    case 'not':
      return { params: {}, message: 'must NOT be valid' };
    case 'if': {
      const failingKeyword = quoted(/match "(then|else)"/);
      return { params: { failingKeyword }, message: `must match "${failingKeyword}" schema` };
    }
    case 'false':
      return { params: {}, message: 'boolean schema is false' };
    case 'propertyNames':
      return { params: { propertyName: quoted(/name "(.*)" does/) }, message: 'property name must be valid' };
    case 'additionalProperties':
      return {
        params: { additionalProperty: quoted(/Property "(.*)" does/) },
        message: 'must NOT have additional properties',
      };
    default:
      return { params: {}, message: unit.error.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase()) };
  }
}

/** The segments of a JSON pointer written as a URI fragment (`#/a/b~1c`). */
function segments(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((part) => {
      let decoded = part;
      try {
        decoded = decodeURIComponent(part);
      } catch {}
      return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/** The value of the keyword at the end of an evaluation path, following each `$ref` on the way. */
function keywordValue(root: Schema, lookup: Lookup, location: string): unknown {
  let node: unknown = root;
  for (const part of segments(location)) {
    if (typeof node !== 'object' || node === null) return undefined;
    const schema = node as Schema;
    node = part === '$ref' && schema.__absolute_ref__ ? lookup[schema.__absolute_ref__] : schema[part];
  }
  return node;
}

/** rjsf's property accessor for an instance path, as Ajv's adapter writes it (`.a.0.b`). */
function accessor(path: string[]): string {
  return path
    .map((part) => (/^[^.[\]'"]+$/.test(part) ? `.${part}` : `['${part.replace(/'/g, "\\'")}']`))
    .join('');
}

/** The report's failures as rjsf errors: one per failed keyword on a value, none for the summaries. */
export function toRjsfErrors(units: OutputUnit[], root: Schema, lookup: Lookup): RJSFValidationError[] {
  const errors: RJSFValidationError[] = [];
  const seen = new Set<string>();
  // A rule on property names fails on a name; Ajv reports it on the object that has the name.
  const names = units.filter((unit) => unit.keyword === 'propertyNames');
  // `additionalProperties: false` fails as a `false` schema at the property; Ajv names the object.
  const extra = new Set<string>();
  for (const unit of units) {
    if (unit.keyword !== 'additionalProperties' || keywordValue(root, lookup, unit.keywordLocation) !== false)
      continue;
    const key = /Property "(.*)" does/.exec(unit.error)?.[1] ?? '';
    extra.add(`${unit.instanceLocation}/${encodePointer(key)}`);
  }
  for (const unit of units) {
    if (SUMMARIES.has(unit.keyword)) continue;
    if (unit.keyword === 'false' && extra.has(unit.instanceLocation)) continue;
    const value = keywordValue(root, lookup, unit.keywordLocation);
    if (unit.keyword === 'additionalProperties' && value !== false) continue;
    const { params, message } = explain(unit.keyword, value, unit);
    const owner = names.find(
      (name) =>
        name !== unit &&
        unit.keywordLocation.startsWith(`${name.keywordLocation}/`) &&
        unit.instanceLocation.startsWith(`${name.instanceLocation}/`),
    );
    const path = segments(owner ? owner.instanceLocation : unit.instanceLocation);
    let property = accessor(path);
    if (unit.keyword === 'required') {
      const missing = String(params.missingProperty);
      property = property ? `${property}${accessor([missing])}` : missing;
    }
    const key = `${property}\n${unit.keyword}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({
      name: unit.keyword,
      property,
      message,
      params,
      stack: `${property} ${message}`.trim(),
      schemaPath: unit.keywordLocation,
    });
  }
  return errors;
}

/** Form data as JSON would carry it: an `undefined` property is absent, an `undefined` item is null. */
function asJson(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(asJson);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return Object.fromEntries(entries.map(([key, item]) => [key, asJson(item)]));
  }
  return value;
}

/** The validator rjsf's forms use. Never evaluates code; a schema it cannot read blocks nothing. */
export class InterpretingValidator implements ValidatorType {
  private roots = new WeakMap<object, Prepared & { parts: WeakMap<object, Prepared> }>();

  /** The root schema, prepared once: its copy is registered under rjsf's root id for `$ref`s. */
  private prepareRoot(rootSchema: RJSFSchema) {
    let prepared = this.roots.get(rootSchema);
    if (!prepared) {
      const schema = { ...(withIdRefPrefix(rootSchema) as Schema), $id: ROOT_SCHEMA_PREFIX };
      prepared = { schema, lookup: dereference(schema), parts: new WeakMap() };
      this.roots.set(rootSchema, prepared);
    }
    return prepared;
  }

  /** A schema inside the root (an option of a oneOf, an `if`), whose `$ref`s resolve in the root. */
  private prepare(schema: RJSFSchema, rootSchema: RJSFSchema): Prepared {
    const root = this.prepareRoot(rootSchema);
    if (schema === rootSchema) return root;
    let prepared = root.parts.get(schema);
    if (!prepared) {
      const copy = withIdRefPrefix(schema) as Schema;
      const { $id: _ignored, ...own } = copy;
      prepared = { schema: own, lookup: dereference(own, Object.create(root.lookup) as Lookup) };
      root.parts.set(schema, prepared);
    }
    return prepared;
  }

  rawValidation<Result = RJSFValidationError>(
    schema: RJSFSchema,
    formData?: unknown,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const { schema: prepared, lookup } = this.prepareRoot(schema);
      const result = validate(asJson(formData), prepared, '2020-12', lookup, false);
      return { errors: toRjsfErrors(result.errors, prepared, lookup) as Result[] };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const raw = this.rawValidation(schema, formData);
    // A schema this validator cannot read must not block the form: the host validates again.
    let errors = raw.validationError ? [] : (raw.errors ?? []);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors);
    if (!customValidate) return { errors, errorSchema };
    const data = getDefaultFormState(this, schema, formData, schema, true);
    const handler = customValidate(data, createErrorHandler(data), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      const prepared = this.prepare(schema, rootSchema);
      return validate(asJson(formData), prepared.schema, '2020-12', prepared.lookup, true).valid;
    } catch {
      return false;
    }
  }

  reset(): void {
    this.roots = new WeakMap();
  }
}

/** The one validator of the UI's forms. */
export const formValidator = new InterpretingValidator();
