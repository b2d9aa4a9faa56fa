import { describe, expect, it } from 'vitest';
import { MultipartError, parseMultipart } from './google-drive-upload.js';

const TYPE = 'multipart/related; boundary=xyz';

describe('parseMultipart', () => {
  it('splits metadata and media, byte for byte (binary media included)', () => {
    const media = Buffer.from([0, 13, 10, 45, 45, 255, 10]);
    const body = Buffer.concat([
      Buffer.from(
        '--xyz\r\ncontent-type: application/json\r\n\r\n{"name":"a.bin"}\r\n--xyz\r\nContent-Type: application/octet-stream\r\n\r\n',
      ),
      media,
      Buffer.from('\r\n--xyz--'),
    ]);
    const parts = parseMultipart(body, TYPE);
    expect(parts.map((part) => part.headers)).toEqual([
      { 'content-type': 'application/json' },
      { 'content-type': 'application/octet-stream' },
    ]);
    expect(Buffer.from(parts[0]!.body).toString()).toBe('{"name":"a.bin"}');
    expect([...parts[1]!.body]).toEqual([...media]);
  });

  it('takes a quoted boundary, LF line ends and a part without headers', () => {
    const parts = parseMultipart(
      Buffer.from('--a b\n\nfirst\n--a b\ncontent-type: text/plain\n\nsecond\n--a b--\n'),
      'multipart/related; boundary="a b"',
    );
    expect(parts.map((part) => [part.headers, Buffer.from(part.body).toString()])).toEqual([
      [{}, 'first'],
      [{ 'content-type': 'text/plain' }, 'second'],
    ]);
  });

  it('refuses what is not multipart/related with a boundary and a closing delimiter', () => {
    expect(() => parseMultipart(Buffer.from('x'), 'multipart/form-data; boundary=xyz')).toThrow(
      MultipartError,
    );
    expect(() => parseMultipart(Buffer.from('x'), 'multipart/related')).toThrow('no boundary');
    expect(() => parseMultipart(Buffer.from('--xyz\r\n\r\nnever closed'), TYPE)).toThrow(
      'no closing boundary',
    );
  });
});
