import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordedCall } from '@c/core/testing';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { decodeStripeParams, paramName, type StripeParams } from './stripe-params.js';

/** The contract file, relative to the contracts folder: Stripe's own OpenAPI document for 2023-08-16. */
export const STRIPE_SPEC_FILE = 'stripe/spec3.subset.2023-08-16.json';

type Schema = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Schema> };
}

/** Why the real API would refuse a request, in Stripe's terms. */
export interface ContractIssue {
  /** Stripe's error code: `parameter_unknown`, `parameter_missing` or `parameter_invalid`. */
  code: 'parameter_unknown' | 'parameter_missing' | 'parameter_invalid';
  /** The parameter in Stripe's bracket notation, e.g. `items[0][price]`. */
  param: string;
  message: string;
}

/** One operation of the document, with its parameter names and compiled checks. */
export interface ContractOperation {
  method: string;
  /** The document's path template, e.g. `/v1/customers/{customer}`. */
  template: string;
  pattern: RegExp;
  operation: OpenApiOperation;
  queryNames: Set<string>;
  bodyNames: Set<string>;
}

type AjvInstance = {
  compile(schema: Schema): ValidateFunction;
  addSchema(schema: Schema, key?: string): unknown;
};

/**
 * Stripe's published OpenAPI document as a request and response checker, with Ajv over the document's
 * own schemas (after the three rules of contracts/README.md: `x-*` keys dropped, `nullable` turned into
 * `anyOf` with null, `#/components/schemas/` refs pointed at `$defs`).
 */
export class StripeContract {
  readonly operations: ContractOperation[];
  readonly #requestAjv: AjvInstance;
  readonly #responseAjv: AjvInstance;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument, requestAjv: AjvInstance, responseAjv: AjvInstance) {
    this.#requestAjv = requestAjv;
    this.#responseAjv = responseAjv;
    const defs: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(document.components.schemas))
      defs[name] = toJsonSchema(schema);
    responseAjv.addSchema({ $id: 'stripe', $defs: defs });
    const ranked: { op: ContractOperation; placeholders: number }[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      const placeholders = (template.match(/\{[^}]+\}/g) ?? []).length;
      const pattern = new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
      );
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'parameters') continue;
        const bodySchema = formSchema(operation);
        const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const op: ContractOperation = {
          method: method.toUpperCase(),
          template,
          pattern,
          operation,
          queryNames: new Set(queryNames),
          bodyNames: new Set(Object.keys((bodySchema?.properties as Schema | undefined) ?? {})),
        };
        ranked.push({ op, placeholders });
      }
    }
    // Literal paths first, so `/v1/customers/search` wins over `/v1/customers/{customer}`.
    this.operations = ranked.sort((a, b) => a.placeholders - b.placeholders).map(({ op }) => op);
  }

  /** The operation for a method and path, if the document has one. */
  find(method: string, path: string): ContractOperation | undefined {
    return this.operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(path));
  }

  /** True when the document has the path under any method. */
  hasPath(path: string): boolean {
    return this.operations.some((op) => op.pattern.test(path));
  }

  /**
   * Checks the parameters of one call: every top-level name (before any bracket) must be a parameter
   * of the operation, required ones must be there, and values must match their schemas (strings from
   * the wire are coerced to the schema's types first, as Stripe does).
   */
  checkParams(op: ContractOperation, query: StripeParams, body: StripeParams): ContractIssue | undefined {
    for (const name of Object.keys(query)) {
      if (!op.queryNames.has(name)) return unknown(name);
    }
    for (const name of Object.keys(body)) {
      if (!op.bodyNames.has(name)) return unknown(name);
    }
    for (const parameter of op.operation.parameters ?? []) {
      if (parameter.in !== 'query') continue;
      const value = query[parameter.name];
      if (value === undefined) {
        if (parameter.required) return missing(parameter.name);
        continue;
      }
      const issue = this.#validate(
        `${op.method} ${op.template} ?${parameter.name}`,
        parameter.schema ?? {},
        value,
        [parameter.name],
      );
      if (issue) return issue;
    }
    const schema = formSchema(op.operation);
    if (schema) {
      for (const name of (schema.required as string[] | undefined) ?? []) {
        if (body[name] === undefined) return missing(name);
      }
      if (Object.keys(body).length > 0) {
        const issue = this.#validate(`${op.method} ${op.template} body`, schema, body, []);
        if (issue) return issue;
      }
    }
    return undefined;
  }

  /**
   * Checks a recorded call as the real API would see it: the operation exists, credentials are sent as
   * the document's security schemes allow, bodies are form-encoded, and every parameter is known and
   * well-typed. Returns the reason it would be refused, or undefined.
   */
  checkRequest(call: RecordedCall): string | undefined {
    const op = this.find(call.method, call.path);
    if (!op) return `Stripe's OpenAPI document has no operation ${call.method} ${call.path}`;
    const authorization = call.headers.authorization ?? '';
    if (!/^(Bearer|Basic) \S+$/.test(authorization)) {
      return 'no credentials: Stripe needs Authorization: Bearer <key> (or Basic)';
    }
    if (call.bodyText && !/application\/x-www-form-urlencoded/i.test(call.headers['content-type'] ?? '')) {
      return `a body must be application/x-www-form-urlencoded, not ${call.headers['content-type'] ?? 'untyped'}`;
    }
    if (call.bodyText && (call.method === 'GET' || call.method === 'DELETE')) {
      return `${call.method} with a body: Stripe reads ${call.method} parameters from the query string`;
    }
    const query = decodeStripeParams(call.query);
    const body = decodeStripeParams(new URLSearchParams(call.bodyText));
    const issue = this.checkParams(op, query, body);
    return issue ? `${issue.code} ${issue.param}: ${issue.message}` : undefined;
  }

  /** Checks a response body against the document's schema for that operation and status. */
  checkResponse(method: string, path: string, status: number, body: unknown): string | undefined {
    const op = this.find(method, path);
    if (!op) return undefined;
    const responses = op.operation.responses ?? {};
    const entry = responses[String(status)] ?? responses.default;
    const schema = entry?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    const key = `response ${op.method} ${op.template} ${status}`;
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#responseAjv.compile(toJsonSchema(schema, 'stripe#/$defs/') as Schema);
      this.#validators.set(key, validate);
    }
    if (validate(body)) return undefined;
    const error = validate.errors?.[0];
    return `response ${status} of ${method} ${path} does not match Stripe's schema: ${error?.instancePath || '/'} ${error?.message ?? ''}`;
  }

  #validate(key: string, schema: Schema, value: unknown, path: string[]): ContractIssue | undefined {
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#requestAjv.compile(toJsonSchema(schema) as Schema);
      this.#validators.set(key, validate);
    }
    // Coercion rewrites the value in place: check a copy.
    if (validate(structuredClone(value))) return undefined;
    return invalid(path, validate.errors?.[0]);
  }
}

function formSchema(operation: OpenApiOperation): Schema | undefined {
  return operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
}

function unknown(name: string): ContractIssue {
  return { code: 'parameter_unknown', param: name, message: `Received unknown parameter: ${name}` };
}

function missing(name: string): ContractIssue {
  return { code: 'parameter_missing', param: name, message: `Missing required param: ${name}.` };
}

function invalid(base: string[], error: ErrorObject | undefined): ContractIssue {
  const inner = (error?.instancePath ?? '').split('/').filter(Boolean);
  const param = paramName([...base, ...inner]);
  return {
    code: 'parameter_invalid',
    param,
    message: `Invalid value for ${param}: ${error?.message ?? 'not accepted'}.`,
  };
}

/**
 * The three mechanical rules that turn an OpenAPI 3.0 schema into JSON Schema for Ajv: drop `x-*`
 * keys, `nullable: true` → `anyOf: [schema, {type: "null"}]`, and point component refs at `$defs`.
 */
export function toJsonSchema(node: unknown, refBase = '#/$defs/'): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, refBase));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  let nullable = false;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    if (key === 'nullable') {
      nullable = value === true;
      continue;
    }
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace('#/components/schemas/', refBase);
      continue;
    }
    out[key] = toJsonSchema(value, refBase);
  }
  return nullable ? { anyOf: [out, { type: 'null' }] } : out;
}

const loaded = new Map<string, Promise<StripeContract>>();

/**
 * Loads Stripe's OpenAPI document from a contracts folder (see `contractsDir()` of `@c/core/testing`)
 * and builds the checker, once per folder. Needs the optional peer `ajv`.
 */
export function loadStripeContract(contractsFolder: string): Promise<StripeContract> {
  const file = join(contractsFolder, STRIPE_SPEC_FILE);
  let contract = loaded.get(file);
  if (!contract) {
    contract = (async () => {
      const [text, ajvModule] = await Promise.all([readFile(file, 'utf8'), import('ajv')]);
      const Ajv = ajvModule.Ajv;
      const options = { strict: false, validateFormats: false, allErrors: false } as const;
      return new StripeContract(
        JSON.parse(text) as OpenApiDocument,
        new Ajv({ ...options, coerceTypes: true }),
        new Ajv(options),
      );
    })();
    loaded.set(file, contract);
    contract.catch(() => loaded.delete(file));
  }
  return contract;
}
