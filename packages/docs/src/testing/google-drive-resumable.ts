// Resumable uploads, as Drive's "Upload file data" guide describes them:
// - `POST /upload/drive/v3/files?uploadType=resumable` with the metadata as JSON (or no body) opens a
//   session: 200, no body, its address in `Location` (the same path with `upload_id`);
//   `X-Upload-Content-Type` and `X-Upload-Content-Length` announce the media;
// - `PUT` of the session address sends bytes: all of them at once, or chunks with
//   `Content-Range: bytes {first}-{last}/{total}`, each but the last a multiple of 256 KiB; an
//   unfinished upload answers 308 with `Range: bytes=0-{last received}`; `Content-Range: bytes */{total}`
//   asks how far it got; the last byte creates the file and answers 200 with it;
// - an unknown or finished session is 404.
// Only the received chunks are held, and only until the session ends.
import { randomBytes } from 'node:crypto';
import { markdownSyntaxReady } from '../markdown/index.js';
import type { Caller } from './google-access.js';
import { invalid, readJson } from './google-drive-common.js';
import { createFromParts } from './google-drive-files.js';
import { driveErrorResponse } from './google-errors.js';
import type { DocsSimulatorState } from './google-state.js';

export type { UploadSession } from './google-state.js';

const CHUNK_UNIT = 256 * 1024;

/** `POST /upload/drive/v3/files?uploadType=resumable`: opens a session. */
export async function startResumable(
  state: DocsSimulatorState,
  caller: Caller,
  request: Request,
  url: URL,
): Promise<Response> {
  const metadata = await readJson(request);
  if (metadata instanceof Response) return metadata;
  const lengthText = request.headers.get('x-upload-content-length');
  if (lengthText !== null && !/^\d+$/.test(lengthText)) return invalid('X-Upload-Content-Length');
  const id = randomBytes(24).toString('base64url');
  state.uploads.set(id, {
    user: caller.user,
    metadata,
    mediaType: (request.headers.get('x-upload-content-type') ?? 'application/octet-stream')
      .split(';')[0]!
      .trim(),
    total: lengthText === null ? undefined : Number(lengthText),
    chunks: [],
    received: 0,
    query: url.search,
  });
  const location = new URL('/upload/drive/v3/files', url.origin);
  location.searchParams.set('uploadType', 'resumable');
  location.searchParams.set('upload_id', id);
  return new Response(null, {
    status: 200,
    headers: { location: location.href, 'x-guploader-uploadid': id },
  });
}

function incomplete(received: number): Response {
  return new Response(null, {
    status: 308,
    headers: received > 0 ? { range: `bytes=0-${received - 1}` } : {},
  });
}

/** Where a PUT's bytes go: the whole file, a chunk, or a status query. */
function rangeOf(
  header: string | null,
  length: number,
): { first: number; total?: number } | 'status' | undefined {
  if (header === null) return { first: 0, total: length };
  const status = /^bytes \*\/(\d+|\*)$/.exec(header);
  if (status) return 'status';
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header);
  if (!chunk || Number(chunk[2]) - Number(chunk[1]) + 1 !== length) return undefined;
  return { first: Number(chunk[1]), ...(chunk[3] === '*' ? {} : { total: Number(chunk[3]) }) };
}

/** `PUT` of a session address: takes bytes, answers 308 until the last one, then creates the file. */
export async function resumeUpload(
  state: DocsSimulatorState,
  caller: Caller,
  request: Request,
  url: URL,
): Promise<Response> {
  const id = url.searchParams.get('upload_id') ?? '';
  const session = state.uploads.get(id);
  if (!session || session.user !== caller.user) {
    return driveErrorResponse(404, 'notFound', 'The upload session was not found or has ended.');
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  await markdownSyntaxReady(); // the last chunk may convert Markdown (createFromParts is synchronous)
  const range = rangeOf(request.headers.get('content-range'), bytes.byteLength);
  if (range === undefined) return invalid('Content-Range', 'Invalid Content-Range header', 'badContent');
  if (range === 'status') return incomplete(session.received);
  if (range.first !== session.received) return incomplete(session.received);
  const total = range.total ?? session.total;
  const last = total !== undefined && range.first + bytes.byteLength >= total;
  if (!last && bytes.byteLength % CHUNK_UNIT !== 0) {
    return invalid('Content-Range', 'Chunks must be a multiple of 256 KiB, except the last.', 'badContent');
  }
  session.chunks.push(bytes);
  session.received += bytes.byteLength;
  if (!last) return incomplete(session.received);
  state.uploads.delete(id);
  const media = Buffer.concat(session.chunks, session.received);
  // `fields` may come with the opening request or with the last chunk.
  const answer = url.searchParams.has('fields')
    ? url
    : new URL(`${url.origin}${url.pathname}${session.query}`);
  return createFromParts(
    state,
    caller,
    session.metadata,
    { bytes: new Uint8Array(media), type: session.mediaType },
    answer,
  );
}
