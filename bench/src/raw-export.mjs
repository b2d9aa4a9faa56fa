// The export benchmark's same-work baseline (issue 31): what a hand-written client does, at the
// least, to get the events out of an Amplitude export with Node alone. It reads the zip archive as it
// streams in (local headers; members written in streaming mode end at a data descriptor whose
// recorded size matches the bytes seen), inflates each member with zlib when the zip deflated it,
// gunzips it, and hands the text on. No checks beyond what finding the members needs, no error
// wording, no line limits: the floor a connector is measured against, not a reader to ship.
import { once } from 'node:events';
import { createGunzip, createInflateRaw } from 'node:zlib';

const LOCAL = 0x04034b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
/** A descriptor with its signature: signature, CRC-32, compressed and uncompressed size. */
const DESCRIPTOR_LENGTH = 16;
const EMPTY = Buffer.alloc(0);

/**
 * Decodes the archive `body` (an async iterable of bytes), calling `onText` with each chunk of
 * decompressed member text in archive order and `onMemberEnd` after each member.
 * @param {AsyncIterable<Buffer>} body
 * @param {(text: Buffer) => void} onText
 * @param {() => void} [onMemberEnd]
 */
export async function decodeArchive(body, onText, onMemberEnd = () => {}) {
  /** @type {Buffer} */
  let pending = EMPTY;
  /** @type {{ writable: import('node:stream').Writable, done: Promise<unknown>, seen: number, left: number } | undefined} */
  let member;
  let finished = false;

  const open = (name, method, knownSize) => {
    const stages = [];
    if (method === 8) stages.push(createInflateRaw());
    if (name.endsWith('.gz')) stages.push(createGunzip());
    for (let i = 0; i + 1 < stages.length; i += 1) stages[i].pipe(stages[i + 1]);
    const last = stages.at(-1);
    if (!last) throw new Error('a stored plain member: not in this benchmark');
    last.on('data', onText);
    member = { writable: stages[0], done: once(last, 'end'), seen: 0, left: knownSize };
  };
  const write = async (bytes) => {
    if (bytes.length === 0) return;
    member.seen += bytes.length;
    if (!member.writable.write(bytes)) await once(member.writable, 'drain');
  };
  const close = async () => {
    member.writable.end();
    await member.done;
    member = undefined;
    onMemberEnd();
  };

  for await (const chunk of body) {
    let buf = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    pending = EMPTY;
    while (!finished && buf.length > 0) {
      if (!member) {
        if (buf.length < 30) break;
        if (buf.readUInt32LE(0) !== LOCAL) {
          finished = true; // the central directory: every member has been read
          break;
        }
        const nameLength = buf.readUInt16LE(26);
        const headerLength = 30 + nameLength + buf.readUInt16LE(28);
        if (buf.length < headerLength) break;
        const flags = buf.readUInt16LE(6);
        const name = buf.toString('utf8', 30, 30 + nameLength);
        open(name, buf.readUInt16LE(8), flags & 0x08 ? -1 : buf.readUInt32LE(18));
        buf = buf.subarray(headerLength);
        continue;
      }
      if (member.left >= 0) {
        // Sizes in the local header: take exactly that many bytes.
        const take = Math.min(member.left, buf.length);
        member.left -= take;
        await write(buf.subarray(0, take));
        buf = buf.subarray(take);
        if (member.left === 0) await close();
        continue;
      }
      let at = buf.indexOf(DESCRIPTOR);
      while (
        at !== -1 &&
        at + DESCRIPTOR_LENGTH <= buf.length &&
        buf.readUInt32LE(at + 8) !== member.seen + at
      ) {
        at = buf.indexOf(DESCRIPTOR, at + 1);
      }
      if (at !== -1 && at + DESCRIPTOR_LENGTH <= buf.length) {
        await write(buf.subarray(0, at));
        buf = buf.subarray(at + DESCRIPTOR_LENGTH);
        await close();
        continue;
      }
      // Keep back what could be the start of a descriptor cut by the chunk's end.
      const keep = at === -1 ? Math.min(buf.length, DESCRIPTOR_LENGTH - 1) : buf.length - at;
      await write(buf.subarray(0, buf.length - keep));
      pending = buf.subarray(buf.length - keep);
      break;
    }
    if (!member && !finished && buf.length > 0 && pending.length === 0) pending = buf;
  }
  if (member) throw new Error('the archive ended inside a member');
}

/**
 * Splits decompressed text into lines and parses each: the least a client does to hold events.
 * @param {(event: any) => void} onEvent
 */
export function lineParser(onEvent) {
  /** @type {Buffer} */
  let carry = EMPTY;
  const flushLine = (bytes) => {
    if (bytes.length > 0) onEvent(JSON.parse(bytes.toString('utf8')));
  };
  return {
    /** @param {Buffer} text */
    text(text) {
      let from = 0;
      let at = text.indexOf(0x0a);
      if (at !== -1 && carry.length > 0) {
        flushLine(Buffer.concat([carry, text.subarray(0, at)]));
        carry = EMPTY;
        from = at + 1;
        at = text.indexOf(0x0a, from);
      }
      while (at !== -1) {
        flushLine(text.subarray(from, at));
        from = at + 1;
        at = text.indexOf(0x0a, from);
      }
      if (from < text.length)
        carry = carry.length > 0 ? Buffer.concat([carry, text.subarray(from)]) : text.subarray(from);
    },
    end() {
      flushLine(carry);
      carry = EMPTY;
    },
  };
}
