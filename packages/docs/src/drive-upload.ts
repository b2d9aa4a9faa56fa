import { randomBytes } from 'node:crypto';

/** A `multipart/related` body as Drive takes an upload: JSON metadata, then the media. */
export interface MultipartBody {
  body: Uint8Array;
  contentType: string;
}

/** Builds a multipart upload body (`uploadType=multipart`): the metadata part, then the media part. */
export function multipartBody(
  metadata: Record<string, unknown>,
  media: string | Uint8Array,
  mediaType: string,
): MultipartBody {
  const boundary = `c-docs-${randomBytes(12).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
    `--${boundary}\r\nContent-Type: ${mediaType}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const mediaBytes = typeof media === 'string' ? Buffer.from(media, 'utf8') : media;
  return {
    body: Buffer.concat([Buffer.from(head, 'utf8'), mediaBytes, Buffer.from(tail, 'utf8')]),
    contentType: `multipart/related; boundary=${boundary}`,
  };
}
