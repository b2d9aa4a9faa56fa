// Header checks and shapes shared by the request loop and its parts.
import { ValidationError } from '../errors/validation-error.js';

/** What undici (and HTTP) refuse in a header value: CR, LF, NUL and anything above U+00FF. */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;

/** Caller-given headers that HTTP cannot carry are the caller's fault, not the network's. */
export function checkHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    const parameter = `headers.${name}`;
    if (!HEADER_NAME.test(name)) {
      throw new ValidationError(`Invalid parameter "${parameter}": is not a valid header name`, {
        parameter,
      });
    }
    if (typeof value !== 'string' || INVALID_HEADER_VALUE.test(value)) {
      throw new ValidationError(
        `Invalid parameter "${parameter}": a header value must be Latin-1 text without CR, LF or NUL`,
        { parameter },
      );
    }
  }
}

/** An auth header value that cannot go in a header (a pasted line break, say), said without showing it. */
export function checkCredentialHeader(value: string): void {
  if (INVALID_HEADER_VALUE.test(value)) {
    throw new ValidationError(
      'Invalid parameter "credentials": a credential holds a line break or a character that cannot be sent in a header',
      { parameter: 'credentials' },
    );
  }
}

/** A header's value by name, whatever its case; the first one when it was sent several times. */
export function headerValue(
  headers: Record<string, string | string[] | undefined> | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** The headers with lower-case names. */
export function lowerKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value;
  return out;
}

/** Response headers as one string each (repeated ones joined as HTTP allows). */
export function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  // Keys, not entries: no pair array per header on every response (a hot path).
  for (const key of Object.keys(headers)) {
    const value = headers[key];
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
