import { markdownSyntaxReady } from '../markdown/index.js';
import { invalid, parseJsonObject } from './google-drive-common.js';

/** One part of a `multipart/related` body: its headers (lower-case names) and its bytes. */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The body is not a well-formed `multipart/related` message. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

/** Where a part's headers end and its body starts: after the first blank line (CRLF or LF). */
function splitHeaders(part: Buffer): { headerEnd: number; bodyStart: number } {
  // A part without headers starts with the blank line itself.
  if (part.subarray(0, 2).toString() === '\r\n') return { headerEnd: 0, bodyStart: 2 };
  if (part[0] === 0x0a) return { headerEnd: 0, bodyStart: 1 };
  const crlf = part.indexOf('\r\n\r\n');
  if (crlf !== -1) return { headerEnd: crlf, bodyStart: crlf + 4 };
  const lf = part.indexOf('\n\n');
  if (lf !== -1) return { headerEnd: lf, bodyStart: lf + 2 };
  throw new MultipartError('A part has no blank line after its headers.');
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
  let at = bytes.indexOf(delimiter);
  if (at === -1) throw new MultipartError('The body does not start with the boundary.');
  for (;;) {
    at += delimiter.length;
    if (bytes.subarray(at, at + 2).toString() === '--') break;
    // The boundary line ends with CRLF (or LF from lenient senders).
    at = bytes[at] === 0x0d ? at + 2 : at + 1;
    const next = bytes.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), at);
    const nextLf = next === -1 ? bytes.indexOf(Buffer.concat([Buffer.from('\n'), delimiter]), at) : -1;
    if (next === -1 && nextLf === -1) throw new MultipartError('The body has no closing boundary.');
    const end = next !== -1 ? next : nextLf;
    const part = bytes.subarray(at, end);
    const { headerEnd, bodyStart } = splitHeaders(part);
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, headerEnd).toString('utf8').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: new Uint8Array(part.subarray(bodyStart)) });
    at = end + (next !== -1 ? 2 : 1);
  }
  return parts;
}

/** Metadata and media of an upload (`uploadType=media` or `multipart`), or Drive's refusal. */
export async function readUpload(
  request: Request,
  url: URL,
): Promise<{ metadata: Record<string, unknown>; media: Uint8Array; mediaType: string } | Response> {
  const type = url.searchParams.get('uploadType');
  const contentType = request.headers.get('content-type') ?? 'application/octet-stream';
  const bytes = new Uint8Array(await request.arrayBuffer());
  // A Markdown upload is converted synchronously (google-drive-import.ts): load the libraries first.
  await markdownSyntaxReady();
  if (type === 'media') {
    return { metadata: {}, media: bytes, mediaType: contentType.split(';')[0]!.trim() };
  }
  if (type === 'multipart') {
    let parts: ReturnType<typeof parseMultipart>;
    try {
      parts = parseMultipart(bytes, contentType);
    } catch (error) {
      if (error instanceof MultipartError) return invalid('body', error.message, 'badContent');
      throw error;
    }
    if (parts.length !== 2) {
      return invalid(
        'body',
        `A multipart upload has two parts (metadata, then media), not ${parts.length}.`,
        'badContent',
      );
    }
    const [meta, media] = parts as [(typeof parts)[0], (typeof parts)[0]];
    if (!/^application\/json\b/i.test(meta.headers['content-type'] ?? '')) {
      return invalid(
        'body',
        'The first part of a multipart upload must be application/json metadata.',
        'badContent',
      );
    }
    const metadata = parseJsonObject(Buffer.from(meta.body).toString('utf8'));
    if (metadata instanceof Response) return metadata;
    return {
      metadata,
      media: media.body,
      mediaType: (media.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim(),
    };
  }
  return invalid('uploadType', 'Invalid uploadType', 'invalidParameter');
}
