import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { readZip, ZipFormatError } from './analytics-zip-reader.js';

const DESCRIPTOR_SIG = Buffer.from([0x50, 0x4b, 0x07, 0x08]);

/** Builds a zip with yazl: streamed members (data descriptors) or buffers (sizes in the header). */
async function zipOf(
  members: { name: string; data: Buffer; streamed?: boolean; compress?: boolean; zip64?: boolean }[],
): Promise<Buffer> {
  const zip = new ZipFile();
  for (const member of members) {
    const options = { compress: member.compress ?? true, forceZip64Format: member.zip64 ?? false };
    if (member.streamed === false) zip.addBuffer(member.data, member.name, options);
    else zip.addReadStream(Readable.from([member.data]), member.name, options);
  }
  zip.end();
  return buffer(zip.outputStream as Readable);
}

function chunks(bytes: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return Readable.from(parts);
}

async function readAll(source: Readable): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for await (const entry of readZip(source)) {
    const raw = await buffer(entry.raw);
    out[entry.name] = entry.method === 8 ? inflateRawSync(raw) : raw;
  }
  return out;
}

/** Data whose stored form contains the data-descriptor signature: a trap for readers that trust it. */
const trap = Buffer.concat([
  randomBytes(5000),
  DESCRIPTOR_SIG,
  randomBytes(4),
  DESCRIPTOR_SIG,
  randomBytes(5000),
]);

describe('readZip', () => {
  it('reads streamed members (data descriptors), deflated and stored, whatever the chunking', async () => {
    const members = [
      { name: 'a/one.json.gz', data: randomBytes(20_000) },
      { name: 'a/two.txt', data: Buffer.from('hello\n'.repeat(1000)), compress: false },
      { name: 'a/empty', data: Buffer.alloc(0) },
    ];
    const zip = await zipOf(members);
    expect(zip.readUInt16LE(6) & 0x08).toBe(0x08);
    for (const size of [1, 7, 4096, zip.length]) {
      const got = await readAll(chunks(zip, size));
      expect(Object.keys(got)).toEqual(members.map((member) => member.name));
      for (const member of members) expect(got[member.name]!.equals(member.data)).toBe(true);
    }
  });

  it('is not fooled by the descriptor signature inside stored data', async () => {
    const zip = await zipOf([
      { name: 'trap.bin', data: trap, compress: false },
      { name: 'next.bin', data: Buffer.from('second') },
    ]);
    const got = await readAll(chunks(zip, 1000));
    expect(got['trap.bin']!.equals(trap)).toBe(true);
    expect(got['next.bin']!.toString()).toBe('second');
  });

  it('is not fooled by the signature inside deflated data either (incompressible data is stored as is)', async () => {
    const zip = await zipOf([
      { name: 'trap.gz', data: trap },
      { name: 'next.bin', data: Buffer.from('second') },
    ]);
    expect(zip.indexOf(DESCRIPTOR_SIG)).toBeLessThan(zip.lastIndexOf(DESCRIPTOR_SIG));
    const got = await readAll(chunks(zip, 333));
    expect(got['trap.gz']!.equals(trap)).toBe(true);
    expect(got['next.bin']!.toString()).toBe('second');
  });

  it('reads members whose sizes are in the local header', async () => {
    const got = await readAll(chunks(await zipOf([{ name: 'x', data: trap, streamed: false }]), 100));
    expect(got.x!.equals(trap)).toBe(true);
  });

  it('recognises ZIP64 data descriptors (8-byte sizes) the local header did not announce', async () => {
    const data = randomBytes(3000);
    const zip = await zipOf([
      { name: 'big', data, zip64: true, compress: false },
      { name: 'after', data: Buffer.from('ok') },
    ]);
    const got = await readAll(chunks(zip, 500));
    expect(got.big!.equals(data)).toBe(true);
    expect(got.after!.toString()).toBe('ok');
  });

  it('skips members the consumer does not read', async () => {
    const zip = await zipOf([
      { name: 'skip', data: randomBytes(20_000) },
      { name: 'keep', data: Buffer.from('kept') },
    ]);
    const names: string[] = [];
    for await (const entry of readZip(chunks(zip, 1024))) {
      names.push(entry.name);
      if (entry.name === 'keep') expect(inflateRawSync(await buffer(entry.raw)).toString()).toBe('kept');
    }
    expect(names).toEqual(['skip', 'keep']);
  });

  it('refuses what is not a zip, and an archive cut short', async () => {
    await expect(readAll(Readable.from([Buffer.from('{"error":"nope"}')]))).rejects.toThrow(ZipFormatError);
    await expect(readAll(Readable.from([]))).rejects.toThrow(/empty/);
    const zip = await zipOf([{ name: 'a', data: randomBytes(10_000) }]);
    await expect(readAll(chunks(zip.subarray(0, 6000), 1000))).rejects.toThrow(/ended inside member a/);
  });

  it('reads an archive with no members', async () => {
    expect(await readAll(Readable.from([await zipOf([])]))).toEqual({});
  });
});
