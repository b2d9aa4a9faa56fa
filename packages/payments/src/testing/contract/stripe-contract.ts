import type { RecordedCall } from '@c/core/testing';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { decodeStripeParams, decodeV2Query, paramName, type StripeParams } from '../stripe-params.js';

type Schema = Record<string, unknown>;

/** The derived contract file. */
export interface StripeApiSchema {
  $comment: string;
  apiVersion: string;
  source: { package: string; version: string; openapi: string };
  operations: StripeSchemaOperation[];
  /** The body of an error response: `{error: …}`, the wire fields of stripe-node's `StripeRawError`. */
  error: Schema;
  $defs: Record<string, Schema>;
}

/** One operation: its parameters (decoded from the query string or the body) and its answer. */
export interface StripeSchemaOperation {
  method: string;
  /** Path template, `{name}` for an id. */
  path: string;
  /** Where the parameters travel: `query`, a `form` body (`/v1/`) or a `json` body (`/v2/`). */
  in: 'query' | 'form' | 'json';
  params: Schema;
  response: Schema;
}

/** Why the real API would refuse a request, in Stripe's terms. */
export interface ContractIssue {
  /** Stripe's error code: `parameter_unknown`, `parameter_missing` or `parameter_invalid`. */
  code: 'parameter_unknown' | 'parameter_missing' | 'parameter_invalid';
  /** The parameter in Stripe's bracket notation, e.g. `items[0][price]`. */
  param: string;
  message: string;
}

/** One operation of the contract, with its path pattern. */
export interface ContractOperation extends StripeSchemaOperation {
  pattern: RegExp;
}

type AjvInstance = {
  compile(schema: Schema): ValidateFunction;
  addSchema(schema: Schema, key?: string): unknown;
};

/** The id under which the contract's `$defs` are registered with Ajv. */
const ROOT = 'stripe-api';

/**
 * The contract of the current Stripe API version (`2026-10-28.endive`), derived from the official
 * `stripe` package's types (see `stripe-schema-derive.ts`): request parameters and response bodies of
 * every operation the simulator serves, checked with Ajv. Objects are closed, so a field of an older
 * version (a subscription's top-level `current_period_end`) fails as surely as a missing one.
 */
export class StripeContract {
  /** The API version the contract describes. */
  readonly apiVersion: string;
  /** Where it comes from: `stripe@23.1.0`. */
  readonly source: string;
  readonly operations: ContractOperation[];
  readonly #coercing: AjvInstance;
  readonly #strict: AjvInstance;
  readonly #error: Schema;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(schema: StripeApiSchema, coercing: AjvInstance, strict: AjvInstance) {
    this.apiVersion = schema.apiVersion;
    this.source = `${schema.source.package}@${schema.source.version}`;
    this.#coercing = coercing;
    this.#strict = strict;
    for (const ajv of [coercing, strict]) ajv.addSchema({ $id: ROOT, $defs: schema.$defs });
    this.#error = pointAtRoot(schema.error);
    const ranked = schema.operations.map((operation) => ({
      placeholders: (operation.path.match(/\{[^}]+\}/g) ?? []).length,
      op: {
        ...operation,
        params: pointAtRoot(operation.params),
        response: pointAtRoot(operation.response),
        pattern: new RegExp(
          `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
        ),
      },
    }));
    // Literal paths first, so `/v1/customers/search` wins over `/v1/customers/{customer}`.
    this.operations = ranked.sort((a, b) => a.placeholders - b.placeholders).map(({ op }) => op);
  }

  /** The operation for a method and path, if the contract has one. */
  find(method: string, path: string): ContractOperation | undefined {
    return this.operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(path));
  }

  /**
   * Checks the parameters of one call against the operation's parameter type: unknown names (also
   * nested ones, `items[0][colour]`), missing required ones, and values of the wrong type or outside
   * an enum. Values from a query string or form body are strings; they are coerced to the schema's
   * types first, as Stripe reads them. A JSON body (`/v2/`) is checked as sent.
   */
  checkParams(
    op: ContractOperation,
    params: StripeParams | Record<string, unknown>,
  ): ContractIssue | undefined {
    const key = `params ${op.method} ${op.path}`;
    const json = op.in === 'json';
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = (json ? this.#strict : this.#coercing).compile(op.params);
      this.#validators.set(key, validate);
    }
    // Coercion rewrites the value in place: check a copy.
    if (validate(structuredClone(params))) return undefined;
    return issueOf(validate.errors ?? []);
  }

  /**
   * Checks a recorded call as the real API would see it: the operation exists, credentials are sent,
   * `/v1/` bodies are form-encoded and `/v2/` bodies JSON with a `Stripe-Version`, GET and DELETE carry
   * no body, and the parameters pass `checkParams`. Returns the reason it would be refused.
   */
  checkRequest(call: RecordedCall): string | undefined {
    const op = this.find(call.method, call.path);
    if (!op)
      return `Stripe's API (${this.apiVersion}, ${this.source}) has no operation ${call.method} ${call.path}`;
    const authorization = call.headers.authorization ?? '';
    if (!/^(Bearer|Basic) \S+$/.test(authorization)) {
      return 'no credentials: Stripe needs Authorization: Bearer <key> (or Basic)';
    }
    const contentType = call.headers['content-type'] ?? 'untyped';
    if (call.bodyText && (call.method === 'GET' || call.method === 'DELETE')) {
      return `${call.method} with a body: Stripe reads ${call.method} parameters from the query string`;
    }
    let params: Record<string, unknown>;
    if (op.path.startsWith('/v2/')) {
      if (!call.headers['stripe-version']) return 'API v2 calls need a Stripe-Version header';
      if (op.in === 'json') {
        if (call.bodyText && !/application\/json/i.test(contentType)) {
          return `an API v2 body must be application/json, not ${contentType}`;
        }
        params = (call.bodyJson as Record<string, unknown> | undefined) ?? {};
      } else {
        params = decodeV2Query(call.query);
      }
    } else {
      if (call.bodyText && !/application\/x-www-form-urlencoded/i.test(contentType)) {
        return `a body must be application/x-www-form-urlencoded, not ${contentType}`;
      }
      const query = decodeStripeParams(call.query);
      params =
        op.in === 'form' ? { ...query, ...decodeStripeParams(new URLSearchParams(call.bodyText)) } : query;
    }
    const issue = this.checkParams(op, params);
    return issue ? `${issue.code} ${issue.param}: ${issue.message}` : undefined;
  }

  /**
   * Checks a response body: a success against the operation's response type, an error against
   * Stripe's error body. Returns the first mismatch.
   */
  checkResponse(method: string, path: string, status: number, body: unknown): string | undefined {
    const op = this.find(method, path);
    if (!op) return undefined;
    const success = status >= 200 && status < 300;
    const key = success ? `response ${op.method} ${op.path}` : 'error';
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#strict.compile(success ? op.response : this.#error);
      this.#validators.set(key, validate);
    }
    if (validate(body)) return undefined;
    const error = deepest(validate.errors ?? []);
    const detail =
      error?.params && 'additionalProperty' in error.params ? ` (${error.params.additionalProperty})` : '';
    return `response ${status} of ${method} ${path} does not match ${this.source}'s types for ${this.apiVersion}: ${error?.instancePath || '/'} ${error?.message ?? ''}${detail}`;
  }
}

/** Points a schema's `#/$defs/` references at the registered root. */
function pointAtRoot(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', `"${ROOT}#/$defs/`)) as Schema;
}

/** The error that explains a failed `anyOf` best: the one deepest in the value. */
function deepest(errors: ErrorObject[]): ErrorObject | undefined {
  return [...errors].sort((a, b) => depth(b) - depth(a))[0];
}

function depth(error: ErrorObject): number {
  const extra = error.keyword === 'additionalProperties' || error.keyword === 'required' ? 1 : 0;
  return error.instancePath.split('/').length + extra;
}

/**
 * Stripe's error for the first thing wrong: an unknown top-level name; else the deepest error (inside
 * an `anyOf`, the branch that came closest), as an unknown, missing or invalid parameter.
 */
function issueOf(errors: ErrorObject[]): ContractIssue {
  const pathOf = (error: ErrorObject) => error.instancePath.split('/').filter(Boolean);
  const rootUnknown = errors.find(
    (error) => error.keyword === 'additionalProperties' && pathOf(error).length === 0,
  );
  const chosen = rootUnknown ?? deepest(errors.filter((error) => error.keyword !== 'anyOf')) ?? errors[0];
  if (chosen?.keyword === 'additionalProperties') {
    const name = paramName([...pathOf(chosen), String(chosen.params.additionalProperty)]);
    return { code: 'parameter_unknown', param: name, message: `Received unknown parameter: ${name}` };
  }
  if (chosen?.keyword === 'required') {
    const name = paramName([...pathOf(chosen), String(chosen.params.missingProperty)]);
    return { code: 'parameter_missing', param: name, message: `Missing required param: ${name}.` };
  }
  const param = paramName(chosen ? pathOf(chosen) : []);
  return {
    code: 'parameter_invalid',
    param,
    message: `Invalid value for ${param}: ${chosen?.message ?? 'not accepted'}.`,
  };
}

let loaded: Promise<StripeContract> | undefined;

/**
 * Loads the contract of the current Stripe API version (the derived schema shipped with this
 * package), once. Needs the optional peer `ajv`.
 */
export function loadStripeContract(): Promise<StripeContract> {
  loaded ??= (async () => {
    const [schema, ajvModule] = await Promise.all([
      import('./stripe-api.schema.json', { with: { type: 'json' } }),
      import('ajv'),
    ]);
    const Ajv = ajvModule.Ajv;
    const options = { strict: false, validateFormats: false, allErrors: false } as const;
    return new StripeContract(
      schema.default as unknown as StripeApiSchema,
      new Ajv({ ...options, coerceTypes: 'array' }),
      new Ajv(options),
    );
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
