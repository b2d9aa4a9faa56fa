/** One part of a `multipart/related` body: its headers (lower-case names) and its bytes. */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The body is not a well-formed `multipart/related` message. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

function indexOf(haystack: Buffer, needle: Buffer, from: number): number {
  return haystack.indexOf(needle, from);
}

/**
 * Splits a `multipart/related` body (RFC 2387), as Google's client libraries send metadata and
 * media together (`uploadType=multipart`): parts between `--boundary` lines, each with headers, a
 * blank line and its bytes; the closing `--boundary--`. Byte-exact, so binary media survives.
 */
export function parseMultipart(body: Uint8Array, contentType: string): MultipartPart[] {
  if (!/^multipart\/related\b/i.test(contentType)) {
    throw new MultipartError('A multipart upload must be sent as multipart/related.');
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new MultipartError('The multipart/related content type has no boundary.');
  const bytes = Buffer.from(body);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: MultipartPart[] = [];
  let at = indexOf(bytes, delimiter, 0);
  if (at === -1) throw new MultipartError('The body does not start with the boundary.');
  for (;;) {
    at += delimiter.length;
    if (bytes.subarray(at, at + 2).toString() === '--') break;
    // The boundary line ends with CRLF (or LF from lenient senders).
    at = bytes[at] === 0x0d ? at + 2 : at + 1;
    const next = indexOf(bytes, Buffer.concat([Buffer.from('\r\n'), delimiter]), at);
    const nextLf = next === -1 ? indexOf(bytes, Buffer.concat([Buffer.from('\n'), delimiter]), at) : -1;
    if (next === -1 && nextLf === -1) throw new MultipartError('The body has no closing boundary.');
    const end = next !== -1 ? next : nextLf;
    const part = bytes.subarray(at, end);
    // A part without headers starts with the blank line itself.
    let split = part.subarray(0, 2).toString() === '\r\n' ? -2 : part.indexOf('\r\n\r\n');
    let gap = 4;
    if (split === -1) {
      split = part.indexOf('\n\n');
      gap = 2;
    }
    if (split === -1) throw new MultipartError('A part has no blank line after its headers.');
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, Math.max(split, 0)).toString('utf8').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: new Uint8Array(part.subarray(split + gap)) });
    at = end + (next !== -1 ? 2 : 1);
  }
  return parts;
}
