// Where a call goes: the client's named base URLs, checked once when the client is made, and the
// request target of one call joined onto one of them.
import { ValidationError } from '../errors/validation-error.js';
import { encodeQuery, type FormValue } from './encode.js';

/** A parsed base URL: its origin, and the path every call's path is joined onto. */
export interface BaseUrl {
  origin: string;
  pathPrefix: string;
}

/** What undici refuses in a request target. */
const INVALID_PATH = /[^\u0021-\u00ff]/;

/**
 * Parses a client's named base URLs, naming in each error the connection option the URL came
 * from: `overrides[name]`, else `baseUrl` for the first, `tokenUrl` for one named `token`, and
 * `<name>BaseUrl` for any other.
 */
export function parseBaseUrls(
  baseUrls: Record<string, string>,
  overrides: Record<string, string> | undefined,
): Map<string, BaseUrl> {
  const bases = new Map<string, BaseUrl>();
  Object.entries(baseUrls).forEach(([name, raw], index) => {
    const option =
      overrides?.[name] ?? (index === 0 ? 'baseUrl' : name === 'token' ? 'tokenUrl' : `${name}BaseUrl`);
    bases.set(name, parseBaseUrl(option, raw));
  });
  if (bases.size === 0)
    throw new ValidationError('At least one base URL is required', { parameter: 'baseUrl' });
  return bases;
}

/**
 * The address rules of every URL the host or a client calls: a valid http(s) URL without user
 * info (credentials belong in a connection's credential fields, and a receiver's URL is shown in
 * listings). Base URLs and trigger subscriptions' `deliverTo.url` share it; the error names `option`.
 */
export function parseHttpUrl(option: string, raw: string): URL {
  const fail = (message: string): never => {
    throw new ValidationError(`Invalid parameter "${option}": ${message}`, { parameter: option });
  };
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    fail('is not a valid URL');
  }
  if (!url) return fail('is not a valid URL');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail('must be an http or https URL');
  // `https://@host` parses to an empty user name: look at the text as well.
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:[/\\]*[^/?#\\]*@/i.test(raw)) {
    fail('must not carry user info (user:password@); credentials go in the credential fields');
  }
  return url;
}

/**
 * A base URL is an http(s) origin with an optional path prefix. User info, a query or a fragment
 * is refused: a query would become the prefix of every path (turning a Custom Action's path guard
 * into a query value), and credentials belong in the connection's credentials.
 */
function parseBaseUrl(option: string, raw: string): BaseUrl {
  const url = parseHttpUrl(option, raw);
  const fail = (message: string): never => {
    throw new ValidationError(`Invalid parameter "${option}": ${message}`, { parameter: option });
  };
  if (url.search || raw.includes('?')) fail('must not carry a query string (?…); give an origin and a path');
  if (url.hash || raw.includes('#')) fail('must not carry a fragment (#…); give an origin and a path');
  return { origin: url.origin, pathPrefix: url.pathname.replace(/\/+$/, '') };
}

/** Joins a base path and a relative path with exactly one slash between them. */
export function joinPath(prefix: string, path: string): string {
  if (!path) return prefix || '/';
  const rest = path.startsWith('/') ? path : `/${path}`;
  return `${prefix}${rest}`;
}

/**
 * The request target of one call: the path joined onto the base URL's, with the encoded query
 * after any query the path already carries. A target HTTP cannot carry is the caller's error.
 */
export function requestTarget(
  base: BaseUrl,
  path: string,
  query: Record<string, FormValue> | undefined,
  bracketQuery: boolean | undefined,
): { joined: string; target: string } {
  const encoded = encodeQuery(query, bracketQuery);
  const joined = joinPath(base.pathPrefix, path);
  const target = encoded ? `${joined}${joined.includes('?') ? '&' : '?'}${encoded}` : joined;
  if (INVALID_PATH.test(target)) {
    throw new ValidationError(
      'Invalid parameter "path": holds spaces, control characters or characters above U+00FF; percent-encode them',
      { parameter: 'path' },
    );
  }
  return { joined, target };
}
