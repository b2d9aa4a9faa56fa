import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip } from 'node:zlib';
import { ZipFile } from 'yazl';
import {
  DEVICES,
  EVENT_TYPES,
  exportTime,
  PLACES,
  type SimUser,
  seededRandom,
} from './amplitude-synthetic.js';

/** One file of an export archive: the events uploaded in one hour (or a part of that hour). */
export interface ExportFile {
  /** Member name as Amplitude writes it: `{project}/{project}_{YYYY-MM-DD}_{H}#{n}.json.gz`. */
  name: string;
  /** Start of the upload hour (ms since the epoch, UTC). */
  hour: number;
  /** Events to generate; generation stops at whichever of `events` and `bytes` comes first. */
  events: number;
  /** Uncompressed bytes to generate at most. */
  bytes: number;
  /** Seed of the generated events: the same seed gives the same events. */
  seed: number;
  /** Lines written before the generated ones (events sent to the simulator in that hour). */
  lines?: string[];
}

/** How an archive is written. */
export interface ExportArchiveOptions {
  projectId: number;
  /** Users the generated events belong to. */
  users: readonly SimUser[];
  /** Zip method of the members: deflate (default, with data descriptors) or store. */
  compression?: 'deflate' | 'store';
  /** gzip level of each member's NDJSON (default 1: fast, the decoder does not care). */
  gzipLevel?: number;
  /** Told of every generated event, for tests that check how much of an archive was produced. */
  onGenerated?: () => void;
  /**
   * Generate each distinct file once and serve its gzipped bytes again for every file of the same
   * size: the archive then flows at memory speed, so a benchmark measures the reader, not the
   * generator. Events repeat across files. Costs one gzipped file of memory (about 8 MB per 64 MB).
   */
  reuseFiles?: boolean;
}

/** Member name of an hour's file, as Amplitude names them. */
export function exportFileName(projectId: number, hour: number, part: number): string {
  const iso = new Date(hour).toISOString();
  return `${projectId}/${projectId}_${iso.slice(0, 10)}_${Number(iso.slice(11, 13))}#${part}.json.gz`;
}

/** Generated text per chunk, and what the generator may run ahead of gzip: big chunks keep the
 * stream and zlib overhead per byte low, and generation overlapping compression. */
const CHUNK_BYTES = 256 * 1024;
const AHEAD_BYTES = 2 * 1024 * 1024;
const PLANS = ['free', 'premium', 'family'] as const;

/**
 * Generates one file's NDJSON lines on demand, a chunk at a time, so a file of any size costs a
 * chunk of memory. Events are shaped like Amplitude's export lines (every documented field).
 */
class EventLines extends Readable {
  readonly #file: ExportFile;
  readonly #options: ExportArchiveOptions;
  readonly #random: () => number;
  #written = 0;
  #bytes = 0;
  #prefix = 0;

  constructor(file: ExportFile, options: ExportArchiveOptions) {
    super({ highWaterMark: AHEAD_BYTES });
    this.#file = file;
    this.#options = options;
    this.#random = seededRandom(file.seed);
  }

  override _read(): void {
    let chunk = '';
    while (this.#prefix < (this.#file.lines?.length ?? 0) && chunk.length < CHUNK_BYTES) {
      chunk += `${this.#file.lines![this.#prefix]}\n`;
      this.#prefix += 1;
    }
    while (
      chunk.length < CHUNK_BYTES &&
      this.#written < this.#file.events &&
      this.#bytes < this.#file.bytes
    ) {
      const line = `${this.#line(this.#written)}\n`;
      this.#written += 1;
      this.#bytes += line.length;
      this.#options.onGenerated?.();
      chunk += line;
    }
    if (chunk.length > 0) this.push(Buffer.from(chunk));
    else this.push(null);
  }

  #line(sequence: number): string {
    const random = this.#random;
    const users = this.#options.users;
    const user = users[Math.floor(random() * users.length)]!;
    const place = PLACES[user.place]!;
    const device = DEVICES[user.device]!;
    const project = this.#options.projectId;
    const eventTime = this.#file.hour + Math.floor(random() * 3_540_000);
    const received = eventTime + 1000 + Math.floor(random() * 50_000);
    const uploaded = received + 15;
    const eventType = EVENT_TYPES[Math.floor(random() * EVENT_TYPES.length)]!;
    const seq = sequence.toString(16).padStart(12, '0');
    const tag = this.#file.seed.toString(16).padStart(8, '0');
    const uuid = `${tag}-${seq.slice(0, 4)}-4${seq.slice(4, 7)}-8${seq.slice(7, 10)}-${seq.padStart(12, '0')}`;
    const plan = PLANS[Math.floor(random() * PLANS.length)]!;
    const session = this.#file.hour + Math.floor(random() * 3_000_000);
    const userId = user.user_id === null ? 'null' : `"${user.user_id}"`;
    return (
      `{"server_received_time":"${exportTime(received)}","app":${project},"device_carrier":null,` +
      `"city":"${place.city}","user_id":${userId},"uuid":"${uuid}","event_time":"${exportTime(eventTime)}",` +
      `"platform":"${device.platform}","os_version":"${device.os_version}","amplitude_id":${user.amplitude_id},` +
      `"processed_time":"${exportTime(uploaded + 400)}","version_name":"${user.version}",` +
      `"ip_address":"203.0.113.${user.amplitude_id % 250}","paying":${user.paying},"dma":"${place.dma}",` +
      `"group_properties":{},"user_properties":{"plan":"${plan}","version":"${user.version}"},` +
      `"client_upload_time":"${exportTime(received - 300)}","$insert_id":"${uuid}","event_type":"${eventType}",` +
      `"library":"${device.library}","amplitude_attribution_ids":null,"device_type":"${device.device_type}",` +
      `"start_version":"3.0.0","location_lng":${place.lng},"server_upload_time":"${exportTime(uploaded)}",` +
      `"event_id":${sequence + 1},"location_lat":${place.lat},"os_name":"${device.os_name}","groups":{},` +
      `"event_properties":{"song_id":"song-${Math.floor(random() * 5000)}","duration_ms":${60_000 + Math.floor(random() * 240_000)},"source":"${random() < 0.5 ? 'search' : 'playlist'}"},` +
      `"data":{},"device_id":"${user.device_id}","language":"${place.language}","country":"${place.country}",` +
      `"region":"${place.region}","session_id":${session},"device_family":"${device.device_family}",` +
      `"sample_rate":null,"client_event_time":"${exportTime(eventTime)}"}`
    );
  }
}

/**
 * Writes an export archive as Amplitude serves it: a zip whose members are gzipped NDJSON files.
 * Members are streamed (yazl sets the data-descriptor flag, as streaming writers do), each one
 * generated only when the archive reaches it, so an archive of any size needs a few chunks of
 * memory and flows as fast as the reader takes it.
 */
export function exportArchive(files: readonly ExportFile[], options: ExportArchiveOptions): Readable {
  const zip = new ZipFile();
  const compress = (options.compression ?? 'deflate') === 'deflate';
  const generate = (file: ExportFile) =>
    new EventLines(file, options).pipe(createGzip({ level: options.gzipLevel ?? 1, chunkSize: CHUNK_BYTES }));
  const reused = new Map<string, Promise<Buffer>>();
  for (const file of files) {
    zip.addReadStreamLazy(
      file.name,
      { compress, ...(compress ? { compressionLevel: 1 } : {}), mtime: new Date(file.hour) },
      (done) => {
        if (!options.reuseFiles || file.lines) {
          done(null, generate(file));
          return;
        }
        const key = `${file.events}:${file.bytes}`;
        let bytes = reused.get(key);
        if (!bytes) {
          bytes = buffer(generate(file));
          reused.set(key, bytes);
        }
        bytes.then(
          (gzipped) => done(null, Readable.from([gzipped])),
          (error: unknown) => done(error, Readable.from([])),
        );
      },
    );
  }
  zip.end();
  return zip.outputStream as Readable;
}
