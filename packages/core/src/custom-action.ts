import type { ZodObject, ZodType } from 'zod';
import { type Command, defineCommand } from './command.js';
import { ValidationError } from './errors/validation-error.js';
import type { FormValue } from './http/encode.js';
import type { HttpClient } from './http/http-client.js';
import type { Zod } from './zod-lazy.js';

/** Headers a Custom Action may never set: credentials and routing belong to the connection. */
const FORBIDDEN_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'host',
  'cookie',
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'te',
  'trailer',
  'keep-alive',
  'x-forwarded-for',
  'x-forwarded-host',
  'forwarded',
]);

const fail = (parameter: string, message: string): never => {
  throw new ValidationError(`Invalid parameter "${parameter}": ${message}`, { parameter });
};

/** Decodes percent-escapes until stable, so `%252e%252e` is seen as `..`. */
function fullyDecode(text: string, parameter: string): string {
  let current = text;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return fail(parameter, 'holds a malformed percent-escape');
    }
    if (next === current) return current;
    current = next;
  }
  return fail(parameter, 'is encoded too many times');
}

/**
 * Checks a Custom Action path: relative to the connection's base URL, normalised, under one of the
 * allowed prefixes. Absolute and scheme-relative URLs, backslashes, `.`/`..` segments (also when
 * percent-encoded), control characters and fragments are refused. Returns the path with any
 * query string split off.
 */
export function guardPath(
  path: string,
  allowedPrefixes: readonly string[],
  parameter = 'path',
): { path: string; search: string } {
  if (typeof path !== 'string' || path.length === 0) fail(parameter, 'is required');
  if (path.length > 2048) fail(parameter, 'is too long');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\s]/.test(path)) fail(parameter, 'must not contain spaces or control characters');
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) fail(parameter, 'must be a path, not an absolute URL');
  if (path.startsWith('//')) fail(parameter, 'must not start with // (a scheme-relative URL)');
  if (!path.startsWith('/')) fail(parameter, 'must start with /');
  if (path.includes('\\')) fail(parameter, 'must not contain a backslash');
  if (path.includes('#')) fail(parameter, 'must not contain a fragment (#)');
  const [rawPath = '', ...rest] = path.split('?');
  const search = rest.join('?');
  const decoded = fullyDecode(rawPath, parameter);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) fail(parameter, 'must not contain encoded control characters');
  if (decoded.startsWith('//')) fail(parameter, 'must not start with // once decoded');
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    fail(parameter, 'must not contain . or .. segments');
  }
  if (/%2f/i.test(rawPath)) fail(parameter, 'must not contain an encoded slash');
  const normalised = rawPath.replace(/\/{2,}/g, '/');
  if (
    !allowedPrefixes.some(
      (prefix) => normalised === prefix.replace(/\/$/, '') || normalised.startsWith(prefix),
    )
  ) {
    fail(parameter, `must start with ${allowedPrefixes.join(' or ')}`);
  }
  if (search) fullyDecode(search, parameter);
  return { path: normalised, search };
}

/**
 * Checks Custom Action headers: no credentials or routing headers, and only what HTTP can carry
 * (Latin-1 text without CR, LF or NUL), so a bad value is the caller's error before anything is sent.
 */
export function guardHeaders(
  headers: Record<string, string> | undefined,
  parameter = 'headers',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(name)) fail(`${parameter}.${name}`, 'is not a valid header name');
    if (typeof value !== 'string') fail(`${parameter}.${name}`, 'must be a string');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    if (/[\r\n\u0000]/.test(value)) fail(`${parameter}.${name}`, 'must not contain CR, LF or NUL');
    if (/[^\t\x20-\x7e\x80-\xff]/.test(value)) {
      fail(
        `${parameter}.${name}`,
        'must be Latin-1 text: characters above U+00FF and control characters cannot be sent',
      );
    }
    if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
      fail(`${parameter}.${name}`, 'cannot be set: the connection supplies credentials and routing');
    }
    out[name.toLowerCase()] = value;
  }
  return out;
}

/**
 * The output schema of a Custom Action, the same for every connector: the provider's JSON answer as
 * it came (any fields pass), a text answer as `{text}`, a binary one as `{contentType, size, base64}`.
 * `extra` declares fields every answer of that provider carries (e.g. Stripe's `object`). `size` is
 * left undeclared: providers' own objects use that name for other things (Drive sends it as text).
 */
export function customActionResultSchema<Extra extends Record<string, ZodType>>(
  z: Zod,
  provider: string,
  extra: Extra = {} as Extra,
) {
  return z
    .looseObject({
      ...extra,
      text: z
        .string()
        .optional()
        .meta({ title: 'Text', description: `Set when ${provider} answered with text.` }),
      contentType: z
        .string()
        .optional()
        .meta({
          title: 'Content Type',
          description: `Set when ${provider} answered with a file or other bytes: their media type (size gives their number).`,
        }),
      base64: z
        .string()
        .optional()
        .meta({ title: 'Base64', description: 'Set with a binary answer: its bytes, Base64-encoded.' }),
    })
    .meta({
      title: 'Answer',
      description: `${provider}'s JSON answer as it came; a text answer as {text}; a binary one as {contentType, size, base64}.`,
    });
}

/** The result of a Custom Action: JSON as parsed, text as `{text}`, binary as base64. */
export type CustomActionResult =
  | unknown
  | { text: string }
  | { contentType: string; size: number; base64: string };

/** Options of `defineCustomAction`: which APIs, prefixes, body encoding. */
export interface CustomActionOptions {
  /** Allowed path prefixes for each API (base-URL name of the connection's client). */
  apis: Record<string, readonly string[]>;
  /** The API used when `api` is not given; also the only one when there is one. */
  defaultApi: string;
  /** How a `body` object is encoded. */
  bodyEncoding: 'form' | 'json' | ((api: string) => 'form' | 'json');
  description: string;
  /** Description of the `path` parameter, with examples. */
  pathDescription: string;
  /** Descriptions of the APIs for the `api` parameter, when there is more than one. */
  apiDescription?: string;
  /** Title of the command (default "Custom Action"). */
  title?: string;
  /** Whether calls to an API carry the connection's credentials (default: all do). */
  auth?: (api: string) => boolean;
}

/**
 * The one shared escape hatch: a command that calls any endpoint under the allowed prefixes of the
 * connection's own base URLs, through the guard, with the connection's credentials and retries.
 */
export function defineCustomAction<Ctx extends { http: HttpClient; close(): Promise<void> }>(
  options: CustomActionOptions,
): Command<ZodObject, CustomActionResult, Ctx> {
  const apiNames = Object.keys(options.apis) as [string, ...string[]];
  const input = (z: Zod) =>
    z.object({
      method: z
        .enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
        .meta({ title: 'Method', description: 'HTTP method of the call.' }),
      path: z.string().min(1).meta({ title: 'Path', description: options.pathDescription }),
      query: z.record(z.string(), z.any()).optional().meta({
        title: 'Query Parameters',
        description: 'Query string parameters; nested values use bracket encoding.',
      }),
      body: z
        .union([z.record(z.string(), z.any()), z.string()])
        .optional()
        .meta({
          title: 'Body',
          description: 'Request body: an object (encoded for the API) or a raw string.',
        }),
      headers: z.record(z.string(), z.string()).optional().meta({
        title: 'Headers',
        description:
          'Extra request headers. Authorization and Host cannot be set: the connection supplies them.',
      }),
      ...(apiNames.length > 1
        ? {
            api: z
              .enum(apiNames)
              .default(options.defaultApi)
              .meta({
                title: 'API',
                description: options.apiDescription ?? `Which API: ${apiNames.join(', ')}.`,
              }),
          }
        : {}),
    });
  return defineCommand({
    key: 'customAction',
    title: options.title ?? 'Custom Action',
    description: options.description,
    input,
    annotations: { destructive: true },
    async run(input: Record<string, any>, ctx: Ctx, runOptions) {
      const api: string = input.api ?? options.defaultApi;
      const prefixes = options.apis[api] ?? [];
      const { path, search } = guardPath(input.path, prefixes);
      const headers = guardHeaders(input.headers);
      const encoding =
        typeof options.bodyEncoding === 'function' ? options.bodyEncoding(api) : options.bodyEncoding;
      const body = input.body as Record<string, FormValue> | string | undefined;
      const query = search
        ? { ...Object.fromEntries(new URLSearchParams(search)), ...(input.query ?? {}) }
        : input.query;
      const response = await ctx.http.request({
        method: input.method,
        api,
        path,
        query,
        bracketQuery: encoding === 'form',
        headers,
        auth: options.auth ? options.auth(api) : true,
        // The caller picks the endpoint: whatever it echoes, the connection's credentials stay masked.
        redact: true,
        ...(typeof body === 'string'
          ? { body, contentType: headers['content-type'] ?? 'application/octet-stream' }
          : body === undefined
            ? {}
            : encoding === 'form'
              ? { form: body }
              : { json: body }),
        signal: runOptions.signal,
      });
      return shapeCustomResult(response.data, response.headers['content-type']);
    },
  });
}

/** JSON as it is; text as `{text}`; bytes as `{contentType, size, base64}`. */
export function shapeCustomResult(data: unknown, contentType: string | undefined): CustomActionResult {
  if (data instanceof Uint8Array) {
    return {
      contentType: contentType ?? 'application/octet-stream',
      size: data.byteLength,
      base64: Buffer.from(data).toString('base64'),
    };
  }
  // An empty body (a 204 after a DELETE) is an empty object, not empty text.
  if (typeof data === 'string') return data === '' ? {} : { text: data };
  return data ?? {};
}
