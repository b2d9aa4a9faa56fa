/**
 * A schema in Google's discovery format: the subset this package reads (no descriptions).
 * Both the generated request table and the full discovery documents have this shape.
 */
export interface DiscoverySchema {
  type?: string;
  $ref?: string;
  format?: string;
  enum?: string[];
  items?: DiscoverySchema;
  properties?: Record<string, DiscoverySchema>;
  additionalProperties?: DiscoverySchema;
}

/** Named schemas, as under a discovery document's `schemas`. */
export type DiscoverySchemas = Record<string, DiscoverySchema>;

/** One problem found in a value: where (a dotted path) and what. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/** Called for every value whose schema is a named one, after its fields were checked. */
export type SchemaVisitor = (schemaName: string, value: unknown, path: string) => SchemaIssue | undefined;

const INTEGER_STRING = /^-?\d+$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * Checks a JSON value against a discovery schema the way Google's JSON parser reads it: every
 * field must be one the schema defines, with the right type and, for enums, a known value.
 * `null` stands for a field's default, as in proto3 JSON. 64-bit integers may be strings.
 * Returns the first issue, or undefined when the value fits.
 */
export function checkAgainstSchema(
  value: unknown,
  schema: DiscoverySchema,
  schemas: DiscoverySchemas,
  path: string,
  visit?: SchemaVisitor,
  schemaName?: string,
): SchemaIssue | undefined {
  if (value === null) return undefined;
  if (schema.$ref) {
    const target = schemas[schema.$ref];
    if (!target) return { path, message: `refers to an unknown schema ${schema.$ref}` };
    return (
      checkAgainstSchema(value, target, schemas, path, visit, schema.$ref) ??
      visit?.(schema.$ref, value, path)
    );
  }
  switch (schema.type) {
    case undefined:
    case 'any':
      return undefined;
    case 'string':
      if (schema.format === 'int64' || schema.format === 'uint64') {
        if (Number.isInteger(value) || (typeof value === 'string' && INTEGER_STRING.test(value))) {
          return undefined;
        }
        return { path, message: `must be an integer, not ${describe(value)}` };
      }
      if (typeof value !== 'string') return { path, message: `must be a string, not ${describe(value)}` };
      if (schema.enum && !schema.enum.includes(value)) {
        return { path, message: `must be one of ${schema.enum.join(', ')}` };
      }
      return undefined;
    case 'integer':
      return Number.isInteger(value)
        ? undefined
        : { path, message: `must be an integer, not ${describe(value)}` };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : { path, message: `must be a number, not ${describe(value)}` };
    case 'boolean':
      return typeof value === 'boolean'
        ? undefined
        : { path, message: `must be true or false, not ${describe(value)}` };
    case 'array': {
      if (!Array.isArray(value)) return { path, message: `must be an array, not ${describe(value)}` };
      if (!schema.items) return undefined;
      for (let index = 0; index < value.length; index += 1) {
        const issue = checkAgainstSchema(value[index], schema.items, schemas, `${path}.${index}`, visit);
        if (issue) return issue;
      }
      return undefined;
    }
    case 'object': {
      if (!isPlainObject(value)) return { path, message: `must be an object, not ${describe(value)}` };
      for (const [key, item] of Object.entries(value)) {
        const field = schema.properties?.[key] ?? schema.additionalProperties;
        const at = path ? `${path}.${key}` : key;
        if (!field) {
          if (!schema.properties) continue;
          return { path: at, message: `is not a field of ${schemaName ?? 'this object'}` };
        }
        const issue = checkAgainstSchema(item, field, schemas, at, visit);
        if (issue) return issue;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
