// Request bodies out, response bodies in: JSON, forms, text and bytes, chosen by content type.
import type { Readable } from 'node:stream';
import { ProviderError } from '../errors/provider-error.js';
import { encodeForm } from './encode.js';
import type { HttpRequest, ResponseType } from './request.js';

/** The encoded body of a request and the content type it implies (none for raw bodies without one). */
export interface EncodedBody {
  body: string | Uint8Array | undefined;
  contentType?: string;
}

/** Encodes a request's `json`, `form` or raw `body`, in that order of precedence. */
export function encodeBody(request: HttpRequest): EncodedBody {
  if (request.json !== undefined) {
    return { body: JSON.stringify(request.json), contentType: 'application/json' };
  }
  if (request.form !== undefined) {
    return { body: encodeForm(request.form), contentType: 'application/x-www-form-urlencoded' };
  }
  if (request.body !== undefined) {
    return request.contentType
      ? { body: request.body, contentType: request.contentType }
      : { body: request.body };
  }
  return { body: undefined };
}

const JSON_TYPE = /^application\/(.+\+)?json\b/i;
/** The last content type `isJson` saw, and its answer: a provider sends the same one every time. */
let lastType: string | undefined;
let lastIsJson = false;

/** `application/json` and any `application/<x>+json`. */
export function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  if (contentType !== lastType) {
    lastIsJson = JSON_TYPE.test(contentType.trim());
    lastType = contentType;
  }
  return lastIsJson;
}

function isText(contentType: string | undefined): boolean {
  return (
    !!contentType && /^(text\/|application\/(.+\+)?(xml|csv|javascript|x-ndjson)\b)/i.test(contentType.trim())
  );
}

/**
 * Decodes a successful body as the response type asks; `auto` reads JSON and text content types
 * and hands anything else back as bytes. JSON that does not parse is a `ProviderError`.
 */
export function decodeBody<T>(
  bytes: Buffer,
  headers: Record<string, string>,
  responseType: ResponseType,
  provider: string,
  requestId: string | undefined,
): T {
  const contentType = headers['content-type'];
  if (responseType === 'bytes') return new Uint8Array(bytes) as T;
  if (responseType === 'text') return bytes.toString('utf8') as T;
  if (responseType === 'json' || (responseType === 'auto' && isJson(contentType))) {
    return parseJson<T>(bytes.toString('utf8'), provider, requestId);
  }
  if (isText(contentType) || (!contentType && bytes.length === 0)) return bytes.toString('utf8') as T;
  return new Uint8Array(bytes) as T;
}

/** Parses a JSON answer: empty is `undefined`; text that does not parse is a `ProviderError`. */
export function parseJson<T>(text: string, provider: string, requestId: string | undefined): T {
  if (text.length === 0) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(`${provider} sent a response that is not valid JSON`, {
      providerCode: 'invalid_json',
      requestId,
      retryable: false,
    });
  }
}

/** Reads a body as text, keeping at most `limit` bytes but draining the rest. */
export async function readText(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    if (size < limit) chunks.push(buffer.subarray(0, limit - size));
    size += buffer.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}
