import { ValidationError } from '@c/core';
import { refuseForbiddenKeys } from '../run/input-keys.js';

/** How deep a request body may nest: far beyond any command's input, far below a stack overflow. */
export const MAX_BODY_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a JSON body: UTF-8 as JSON requires, refused rather than read with U+FFFD in place of
 * bad bytes (which would reach the provider as other text than was sent); and sent as is, since
 * the host decompresses nothing: a body labelled `Content-Encoding: gzip` is refused, not run on
 * whatever its bytes happen to say.
 */
export function jsonText(contentEncoding: string | undefined, body: Buffer): string {
  const encoding = contentEncoding?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new ValidationError(
      `Invalid body: Content-Encoding "${encoding.slice(0, 40)}" is not accepted; send the JSON uncompressed`,
    );
  }
  try {
    return utf8.decode(body);
  } catch {
    throw new ValidationError('Invalid body: it is not valid UTF-8');
  }
}

/**
 * Parses a JSON request body, refusing with a `ValidationError` (never a crash further on) a body that
 * is empty, not JSON, nested deeper than `MAX_BODY_DEPTH`, or holds a `__proto__`, `constructor` or
 * `prototype` key (named by its path). The parse error's own text is left out: it quotes the body,
 * which may hold a credential.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new ValidationError('Invalid body: it is empty but its content-type is JSON');
  // Measured on the text, before anything recursive (a validator, a redaction walk) can see it.
  if (nestingDepth(text) > MAX_BODY_DEPTH) {
    throw new ValidationError(`Invalid body: it nests deeper than ${MAX_BODY_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError('Invalid body: it is not valid JSON');
  }
  refuseForbiddenKeys(value, 'in a body');
  return value;
}

/** The deepest nesting of arrays and objects in a JSON text (brackets inside strings do not count). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}
