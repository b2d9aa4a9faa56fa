const SIG_LOCAL_FILE = 0x04034b50;
const SIG_CENTRAL_FILE = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_END = 0x06064b50;
const DESCRIPTOR_SIG = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const TWO_32 = 2 ** 32;
const MAX_32 = 0xffffffff;
/** Descriptor with signature: 4 sig + 4 crc + 4 + 4 sizes (ZIP64: 8 + 8). */
const DESCRIPTOR_LENGTH = 16;
const ZIP64_DESCRIPTOR_LENGTH = 24;
/** Records that may follow a member's data descriptor. */
const RECORD_SIGNATURES = new Set([SIG_LOCAL_FILE, SIG_CENTRAL_FILE, SIG_END, SIG_ZIP64_END]);
/** Bytes needed after a signature to judge it: a ZIP64 descriptor and the next record's signature. */
const LOOKAHEAD = ZIP64_DESCRIPTOR_LENGTH + 4;

/** Raised when the bytes are not a zip archive this reader understands; `message` says why. */
export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

/** One member of an archive, met in archive order. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the two methods the reader accepts). */
  method: number;
  /**
   * The member's bytes as stored in the archive (still deflated when `method` is 8). Read them to
   * the end before asking for the next entry; the reader skips whatever is left unread.
   */
  raw: AsyncGenerator<Buffer>;
}

/**
 * Pulls exact byte counts from an async byte source, holding only what has arrived and not yet
 * been consumed (a chunk or two), whatever the size of the whole stream.
 */
class ByteSource {
  readonly #iterator: AsyncIterator<Uint8Array>;
  #chunks: Buffer[] = [];
  #length = 0;
  #done = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#iterator = source[Symbol.asyncIterator]();
  }

  get buffered(): number {
    return this.#length;
  }

  /** Pulls until at least `n` bytes are buffered; false when the stream ended first. */
  async fill(n: number): Promise<boolean> {
    while (this.#length < n) {
      if (this.#done) return false;
      const next = await this.#iterator.next();
      if (next.done) {
        this.#done = true;
        return false;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      if (chunk.length > 0) {
        this.#chunks.push(chunk);
        this.#length += chunk.length;
      }
    }
    return true;
  }

  /** Takes exactly `n` buffered bytes (call `fill(n)` first). */
  take(n: number): Buffer {
    const first = this.#chunks[0];
    if (first && first.length >= n) {
      this.#consume(n);
      return first.subarray(0, n);
    }
    const joined = Buffer.concat(this.#chunks, this.#length);
    this.#chunks = joined.length > n ? [joined.subarray(n)] : [];
    this.#length -= n;
    return joined.subarray(0, n);
  }

  /** Takes whatever is buffered, at most `max` bytes, pulling one chunk when nothing is. */
  async takeSome(max: number): Promise<Buffer | undefined> {
    if (this.#length === 0 && !(await this.fill(1))) return undefined;
    const first = this.#chunks[0]!;
    const n = Math.min(first.length, max);
    this.#consume(n);
    return first.subarray(0, n);
  }

  /** Puts bytes back in front (the part of a chunk read past a member's end). */
  unshift(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#chunks.unshift(bytes);
    this.#length += bytes.length;
  }

  /** Stops the underlying source (e.g. destroys the response body). */
  async close(): Promise<void> {
    this.#chunks = [];
    this.#length = 0;
    await this.#iterator.return?.();
  }

  #consume(n: number): void {
    const first = this.#chunks[0]!;
    if (first.length === n) this.#chunks.shift();
    else this.#chunks[0] = first.subarray(n);
    this.#length -= n;
  }
}

interface LocalHeader {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  zip64: boolean;
}

/**
 * Reads a zip archive front to back as it streams in, without its central directory and without
 * holding more than a chunk: yields each member with its raw bytes.
 *
 * Members written in streaming mode (general flag bit 3: sizes unknown in the local header, a data
 * descriptor after the data) are delimited by finding the descriptor's signature AND checking that
 * the compressed size it records equals the bytes seen since the member began. The signature alone
 * is not enough: it occurs by chance inside compressed data (about once per 4 GB of gzip output),
 * which is exactly where popular streaming readers that trust it alone cut a member short. ZIP64
 * descriptors (8-byte sizes) are recognised the same way, also when the local header did not
 * announce them. Descriptors written without their optional signature are not supported.
 */
export async function* readZip(source: AsyncIterable<Uint8Array>): AsyncGenerator<ZipEntry> {
  const input = new ByteSource(source);
  try {
    for (let index = 0; ; index += 1) {
      if (!(await input.fill(4))) {
        if (index === 0) throw new ZipFormatError('the archive is empty');
        throw new ZipFormatError('the archive ended before its central directory');
      }
      const signature = input.take(4).readUInt32LE(0);
      if (signature === SIG_CENTRAL_FILE || signature === SIG_END || signature === SIG_ZIP64_END) return;
      if (signature !== SIG_LOCAL_FILE) {
        throw new ZipFormatError(
          index === 0
            ? 'the body is not a zip archive'
            : `unexpected record 0x${signature.toString(16)} in the archive`,
        );
      }
      const header = await readLocalHeader(input);
      if (header.flags & FLAG_ENCRYPTED) throw new ZipFormatError(`member ${header.name} is encrypted`);
      if (header.method !== 0 && header.method !== 8) {
        throw new ZipFormatError(`member ${header.name} uses compression method ${header.method}`);
      }
      const raw =
        header.flags & FLAG_DESCRIPTOR
          ? untilDescriptor(input, header)
          : exactly(input, header.compressedSize);
      yield { name: header.name, method: header.method, raw };
      // Whatever the consumer left unread belongs to this member: skip it to reach the next header.
      for await (const _ of raw) {
        // draining
      }
    }
  } finally {
    await input.close();
  }
}

async function readLocalHeader(input: ByteSource): Promise<LocalHeader> {
  if (!(await input.fill(26))) throw new ZipFormatError('the archive ended inside a member header');
  const fixed = input.take(26);
  const flags = fixed.readUInt16LE(2);
  const method = fixed.readUInt16LE(4);
  let compressedSize = fixed.readUInt32LE(14);
  const uncompressedSize = fixed.readUInt32LE(18);
  const nameLength = fixed.readUInt16LE(22);
  const extraLength = fixed.readUInt16LE(24);
  if (!(await input.fill(nameLength + extraLength))) {
    throw new ZipFormatError('the archive ended inside a member header');
  }
  const nameBytes = input.take(nameLength);
  const name = nameBytes.toString(flags & FLAG_UTF8 ? 'utf8' : 'latin1');
  const extra = input.take(extraLength);
  let zip64 = false;
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      zip64 = true;
      // The ZIP64 field lists only the sizes whose 32-bit slot holds 0xFFFFFFFF, uncompressed first.
      let field = at + 4;
      if (uncompressedSize === MAX_32) field += 8;
      if (compressedSize === MAX_32 && field + 8 <= at + 4 + size) {
        compressedSize = Number(extra.readBigUInt64LE(field));
      }
    }
    at += 4 + size;
  }
  return { name, flags, method, compressedSize, zip64 };
}

async function* exactly(input: ByteSource, size: number): AsyncGenerator<Buffer> {
  let left = size;
  while (left > 0) {
    const chunk = await input.takeSome(left);
    if (!chunk) throw new ZipFormatError('the archive ended inside a member');
    left -= chunk.length;
    yield chunk;
  }
}

async function* untilDescriptor(input: ByteSource, header: LocalHeader): AsyncGenerator<Buffer> {
  let seen = 0;
  let pending: Buffer | undefined;
  for (;;) {
    const chunk = await input.takeSome(Number.MAX_SAFE_INTEGER);
    if (!chunk) throw new ZipFormatError(`the archive ended inside member ${header.name}`);
    const buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = undefined;
    let from = 0;
    for (;;) {
      const at = buffer.indexOf(DESCRIPTOR_SIG, from);
      if (at === -1) {
        // Keep three bytes back: they may be the start of a signature split across chunks.
        const safe = Math.max(0, buffer.length - 3);
        if (safe > 0) {
          seen += safe;
          yield buffer.subarray(0, safe);
        }
        pending = buffer.subarray(safe);
        break;
      }
      if (buffer.length - at < LOOKAHEAD && (await input.fill(LOOKAHEAD))) {
        // Too few bytes after this signature to check it: hand over what precedes it, read on.
        if (at > 0) {
          seen += at;
          yield buffer.subarray(0, at);
        }
        pending = buffer.subarray(at);
        break;
      }
      const length = descriptorLength(buffer, at, seen + at, header.zip64, input);
      if (length === undefined) {
        from = at + 1;
        continue;
      }
      if (at > 0) yield buffer.subarray(0, at);
      const tail = buffer.subarray(at);
      if (tail.length >= length) {
        input.unshift(tail.subarray(length));
      } else {
        // The descriptor continues in the buffered input; discard its remainder there.
        input.take(length - tail.length);
      }
      return;
    }
  }
}

/**
 * The length of the data descriptor starting at `at` if it records `size` compressed bytes, else
 * undefined (the signature was a chance match inside the data). A 16-byte descriptor and a ZIP64
 * 24-byte one read the same when the high half of the size is zero: the one followed by the next
 * record's signature wins. Reads ahead in `input` when the descriptor continues past the buffer.
 */
function descriptorLength(
  buffer: Buffer,
  at: number,
  size: number,
  zip64Announced: boolean,
  input: ByteSource,
): number | undefined {
  const bytes = (length: number): Buffer | undefined => {
    if (buffer.length - at >= length) return buffer.subarray(at, at + length);
    const missing = length - (buffer.length - at);
    if (input.buffered < missing) return undefined;
    const ahead = input.take(missing);
    input.unshift(ahead);
    return Buffer.concat([buffer.subarray(at), ahead]);
  };
  const followedByRecord = (length: number): boolean | undefined => {
    const view = bytes(length + 4);
    return view === undefined ? undefined : RECORD_SIGNATURES.has(view.readUInt32LE(length));
  };
  const wide = bytes(ZIP64_DESCRIPTOR_LENGTH);
  const wideMatch = wide !== undefined && Number(wide.readBigUInt64LE(8)) === size;
  const narrow = bytes(DESCRIPTOR_LENGTH);
  const narrowMatch = narrow !== undefined && narrow.readUInt32LE(8) === size % TWO_32;
  if (wideMatch && narrowMatch) {
    if (zip64Announced || followedByRecord(ZIP64_DESCRIPTOR_LENGTH) === true) return ZIP64_DESCRIPTOR_LENGTH;
    return DESCRIPTOR_LENGTH;
  }
  if (wideMatch) return ZIP64_DESCRIPTOR_LENGTH;
  if (narrowMatch) return DESCRIPTOR_LENGTH;
  return undefined;
}
