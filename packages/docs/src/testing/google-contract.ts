import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractsDir, type RecordedCall } from '@c/core/testing';
import { checkAgainstSchema, type DiscoverySchema, type DiscoverySchemas } from '../docs-discovery.js';
import { type FieldMask, parseFieldMask } from './google-drive-fields.js';
import { MultipartError, type MultipartPart, parseMultipart } from './google-drive-upload.js';

interface DiscoveryParameter {
  type?: string;
  location?: string;
  required?: boolean;
  repeated?: boolean;
  enum?: string[];
  minimum?: string;
  maximum?: string;
}

interface DiscoveryMethod {
  id: string;
  httpMethod: string;
  path: string;
  flatPath?: string;
  parameters?: Record<string, DiscoveryParameter>;
  request?: { $ref: string };
  response?: { $ref: string };
  mediaUpload?: { protocols?: Record<string, { path: string }> };
}

interface DiscoveryResource {
  methods?: Record<string, DiscoveryMethod>;
  resources?: Record<string, DiscoveryResource>;
}

/** A Google discovery document: the parts the contract check reads. */
export interface DiscoveryDocument {
  revision: string;
  servicePath: string;
  parameters: Record<string, DiscoveryParameter>;
  schemas: DiscoverySchemas;
  resources: Record<string, DiscoveryResource>;
}

/** The Docs v1 and Drive v3 discovery documents. */
export interface GoogleContracts {
  docs: DiscoveryDocument;
  drive: DiscoveryDocument;
}

interface Route {
  document: DiscoveryDocument;
  method: DiscoveryMethod;
  pattern: RegExp;
  upload: boolean;
}

const cache = new Map<string, GoogleContracts>();

/** The discovery documents the simulator and the connector are checked against. */
export const GOOGLE_DISCOVERY_FILES = {
  docs: 'docs.v1.discovery.20260921.json',
  drive: 'drive.v3.discovery.20260916.json',
} as const;

/** Reads the two discovery documents from a contracts folder (once per folder). */
export function loadGoogleContracts(dir: string): GoogleContracts {
  let contracts = cache.get(dir);
  if (!contracts) {
    const read = (name: string) =>
      JSON.parse(readFileSync(join(dir, 'google', name), 'utf8')) as DiscoveryDocument;
    contracts = { docs: read(GOOGLE_DISCOVERY_FILES.docs), drive: read(GOOGLE_DISCOVERY_FILES.drive) };
    cache.set(dir, contracts);
  }
  return contracts;
}

function methodsOf(resources: Record<string, DiscoveryResource>): DiscoveryMethod[] {
  return Object.values(resources).flatMap((resource) => [
    ...Object.values(resource.methods ?? {}),
    ...methodsOf(resource.resources ?? {}),
  ]);
}

function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/:]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

const routeCache = new WeakMap<GoogleContracts, Route[]>();

function routesOf(contracts: GoogleContracts): Route[] {
  let routes = routeCache.get(contracts);
  if (routes) return routes;
  routes = [];
  for (const document of [contracts.docs, contracts.drive]) {
    const prefix = `/${document.servicePath}`;
    for (const method of methodsOf(document.resources)) {
      routes.push({
        document,
        method,
        pattern: templatePattern(`${prefix}${method.flatPath ?? method.path}`),
        upload: false,
      });
      for (const protocol of Object.values(method.mediaUpload?.protocols ?? {})) {
        routes.push({ document, method, pattern: templatePattern(protocol.path), upload: true });
      }
    }
  }
  // Literal paths first, so that files/generateIds is not taken for files/{fileId}.
  routes.sort(
    (a, b) => a.pattern.source.split('([^/:]+)').length - b.pattern.source.split('([^/:]+)').length,
  );
  routeCache.set(contracts, routes);
  return routes;
}

function resolve(
  schema: DiscoverySchema | undefined,
  schemas: DiscoverySchemas,
): DiscoverySchema | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 10; depth += 1) {
    if (current.$ref) current = schemas[current.$ref];
    else if (current.type === 'array') current = current.items;
    else return current;
  }
  return current;
}

/** The first field of a `fields` mask that the response schema does not have. */
function unknownMaskField(
  mask: FieldMask,
  schema: DiscoverySchema | undefined,
  schemas: DiscoverySchemas,
  prefix = '',
): string | undefined {
  const target = resolve(schema, schemas);
  if (!target?.properties) return undefined;
  for (const [name, sub] of mask) {
    if (name === '*') continue;
    const field = target.properties[name];
    if (!field) return `${prefix}${name}`;
    if (sub !== true) {
      const inner = unknownMaskField(sub, field, schemas, `${prefix}${name}/`);
      if (inner) return inner;
    }
  }
  return undefined;
}

function checkParameter(name: string, values: string[], parameter: DiscoveryParameter): string | undefined {
  if (values.length > 1 && !parameter.repeated)
    return `query parameter ${name} is given ${values.length} times`;
  for (const value of values) {
    if (parameter.type === 'integer') {
      if (!/^-?\d+$/.test(value)) return `query parameter ${name} must be an integer, got ${value}`;
      const number = Number(value);
      if (parameter.minimum !== undefined && number < Number(parameter.minimum))
        return `query parameter ${name} is below ${parameter.minimum}`;
      if (parameter.maximum !== undefined && number > Number(parameter.maximum))
        return `query parameter ${name} is above ${parameter.maximum}`;
    }
    if (parameter.type === 'boolean' && value !== 'true' && value !== 'false')
      return `query parameter ${name} must be true or false`;
    if (parameter.enum && !parameter.enum.includes(value))
      return `query parameter ${name} must be one of ${parameter.enum.join(', ')}`;
  }
  return undefined;
}

const AUTHORIZE_PARAMETERS = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'access_type',
  'prompt',
  'include_granted_scopes',
  'login_hint',
  'hd',
  'nonce',
  'enable_granular_consent',
]);
const TOKEN_FIELDS: Record<string, string[]> = {
  authorization_code: ['code', 'redirect_uri', 'client_id'],
  refresh_token: ['refresh_token', 'client_id'],
};
const TOKEN_KNOWN = new Set([
  'grant_type',
  'code',
  'redirect_uri',
  'client_id',
  'client_secret',
  'code_verifier',
  'refresh_token',
  'scope',
]);

function checkOAuthCall(call: RecordedCall): string | undefined {
  if (call.path === '/o/oauth2/v2/auth') {
    if (call.method !== 'GET') return 'the authorization endpoint is opened with GET';
    for (const key of call.query.keys())
      if (!AUTHORIZE_PARAMETERS.has(key)) return `unknown authorization parameter ${key}`;
    for (const key of ['client_id', 'redirect_uri', 'response_type', 'scope']) {
      if (!call.query.get(key)) return `authorization request without ${key}`;
    }
    return undefined;
  }
  if (call.path === '/o/oauth2/v2/auth/approve')
    return call.method === 'POST' ? undefined : 'the consent form is posted';
  const form =
    call.bodyForm ??
    (call.bodyJson && typeof call.bodyJson === 'object'
      ? new URLSearchParams(call.bodyJson as Record<string, string>)
      : new URLSearchParams());
  if (call.method !== 'POST') return `${call.path} takes POST`;
  if (call.path === '/revoke')
    return form.get('token') || call.query.get('token') ? undefined : 'revoke without token';
  const grantType = form.get('grant_type') ?? '';
  const required = TOKEN_FIELDS[grantType];
  if (!required) return `unsupported grant_type ${grantType || '(none)'}`;
  for (const key of form.keys()) if (!TOKEN_KNOWN.has(key)) return `unknown token request field ${key}`;
  const basic = /^basic /i.test(call.headers.authorization ?? '');
  for (const key of required) {
    if (!form.get(key) && !(key === 'client_id' && basic)) return `${grantType} token request without ${key}`;
  }
  return undefined;
}

const UPLOAD_TYPES = new Set(['media', 'multipart', 'resumable']);

/** An upload: a known uploadType, and for multipart a JSON metadata part that fits the request schema. */
function checkUpload(
  call: RecordedCall,
  document: DiscoveryDocument,
  method: DiscoveryMethod,
): string | undefined {
  const type = call.query.get('uploadType');
  if (!type) return `${method.id} upload without uploadType`;
  if (!UPLOAD_TYPES.has(type)) return `${method.id}: uploadType ${type} is not media, multipart or resumable`;
  if (type !== 'multipart') return undefined;
  let parts: MultipartPart[];
  try {
    parts = parseMultipart(Buffer.from(call.bodyText, 'utf8'), call.headers['content-type'] ?? '');
  } catch (error) {
    if (error instanceof MultipartError) return `${method.id} multipart upload: ${error.message}`;
    throw error;
  }
  const [metadata] = parts;
  if (parts.length !== 2 || !/^application\/json\b/i.test(metadata?.headers['content-type'] ?? '')) {
    return `${method.id} multipart upload is not JSON metadata then media`;
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(metadata!.body).toString('utf8'));
  } catch {
    return `${method.id} multipart metadata is not JSON`;
  }
  const issue = method.request ? checkAgainstSchema(json, method.request, document.schemas, '') : undefined;
  return issue ? `${method.id} metadata: ${issue.path || '(root)'} ${issue.message}` : undefined;
}

/**
 * Checks one request against Google's published contracts: the method and path exist in the
 * Docs or Drive discovery document, every query parameter is one the method (or every Google API)
 * takes with a valid value, required ones are there, a `fields` mask names only fields of the
 * response, and a JSON body (or a multipart upload's metadata) has only the fields of the method's
 * request schema. OAuth endpoint calls are checked against the parameters of Google's OAuth 2.0
 * web-server flow.
 */
export function checkGoogleCall(contracts: GoogleContracts, call: RecordedCall): string | undefined {
  if (call.path.startsWith('/o/oauth2/') || call.path === '/token' || call.path === '/revoke')
    return checkOAuthCall(call);
  // A resumable upload's later requests go to the session address Drive handed out (the upload
  // path with `upload_id`), by PUT: no discovery method describes them.
  if (call.method === 'PUT' && call.path.startsWith('/upload/') && call.query.get('upload_id')) {
    const opened = routesOf(contracts).some(
      (candidate) =>
        candidate.upload && candidate.method.httpMethod === 'POST' && candidate.pattern.test(call.path),
    );
    return opened && call.query.get('uploadType') === 'resumable'
      ? undefined
      : `no resumable upload session is opened at ${call.path}`;
  }
  const route = routesOf(contracts).find(
    (candidate) => candidate.method.httpMethod === call.method && candidate.pattern.test(call.path),
  );
  if (!route) return `no Google Docs or Drive method matches ${call.method} ${call.path}`;
  const { document, method } = route;
  const parameters = method.parameters ?? {};
  for (const name of new Set(call.query.keys())) {
    const parameter = parameters[name] ?? document.parameters[name];
    if (!parameter || parameter.location === 'path') return `${method.id} has no query parameter ${name}`;
    const problem = checkParameter(name, call.query.getAll(name), parameter);
    if (problem) return `${method.id}: ${problem}`;
  }
  for (const [name, parameter] of Object.entries(parameters)) {
    if (parameter.required && parameter.location === 'query' && !call.query.has(name)) {
      return `${method.id} needs query parameter ${name}`;
    }
  }
  const fields = call.query.get('fields');
  if (fields && method.response) {
    let mask: FieldMask;
    try {
      mask = parseFieldMask(fields);
    } catch {
      return `${method.id}: fields "${fields}" is not a valid field mask`;
    }
    const unknown = unknownMaskField(mask, method.response, document.schemas);
    if (unknown) return `${method.id}: fields names ${unknown}, which ${method.response.$ref} does not have`;
  }
  if (route.upload) return checkUpload(call, document, method);
  if (method.request) {
    if (!call.bodyText) return undefined;
    if (call.bodyJson === undefined) return `${method.id} takes a JSON body`;
    const issue = checkAgainstSchema(call.bodyJson, method.request, document.schemas, '');
    if (issue) return `${method.id} body: ${issue.path || '(root)'} ${issue.message}`;
    return undefined;
  }
  return call.bodyText ? `${method.id} takes no request body` : undefined;
}

/**
 * The contract check for `createTestServer`'s `check` option, or undefined when the contracts
 * folder is not there (outside CI). `false` turns it off; a path points at another folder.
 */
export function createDocsContractCheck(
  dir?: string | false,
): ((call: RecordedCall) => string | undefined) | undefined {
  if (dir === false) return undefined;
  const folder = dir ?? contractsDir();
  if (!folder) return undefined;
  const contracts = loadGoogleContracts(folder);
  return (call) => checkGoogleCall(contracts, call);
}
