// Finds credentials in any text: the value itself, URL-encoded, and base64 (standard and URL-safe)
// at every alignment, so a secret inside a larger encoded value (a Basic header) is found too; and
// the first or last 16 characters of a long one, so a key cut short (a truncated message) is found.
import { inspect } from 'node:util';

/** Parts of base64 that depend on the secret's bytes only, for each of the three alignments. */
function base64Needles(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const needles: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Characters that mix in bits of the bytes before or after the secret vary with them: drop them.
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const needle = encoded.slice(start, end);
    needles.push(needle, needle.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return needles;
}

/** How much of a long credential's start or end, left by a cut, counts as a leak. */
const FRAGMENT_LENGTH = 16;

/** Every form of a credential that must not appear. */
export function secretForms(value: string): string[] {
  return [...new Set([value, encodeURIComponent(value), ...base64Needles(value)])].filter(
    (form) => form.length >= 8,
  );
}

/**
 * The start and the end of a credential long enough that either alone is unmistakably part of it
 * (a display hint such as `sk_test_…Lm4` keeps far less).
 */
export function secretFragments(value: string): string[] {
  if (value.length < FRAGMENT_LENGTH + 4) return [];
  return [...new Set([value.slice(0, FRAGMENT_LENGTH), value.slice(-FRAGMENT_LENGTH)])];
}

/** One credential found where it must not be. */
export interface Leak {
  where: string;
  secret: string;
  form: 'plain' | 'encoded' | 'fragment';
}

/** Collects credentials (by name) and the texts they must not appear in. */
export class SecretScanner {
  readonly #secrets = new Map<string, { plain: string; forms: Set<string>; fragments: string[] }>();
  readonly texts: { where: string; text: string }[] = [];

  /** Adds a credential to look for. */
  add(name: string, value: string | undefined): void {
    if (!value) return;
    if (this.#secrets.has(value)) return;
    this.#secrets.set(value, {
      plain: `${name} (${value.slice(0, 6)}…)`,
      forms: new Set(secretForms(value)),
      fragments: secretFragments(value),
    });
  }

  /** How many credentials are looked for. */
  get size(): number {
    return this.#secrets.size;
  }

  /** Keeps a text to scan. */
  record(where: string, text: string | undefined): void {
    if (text) this.texts.push({ where, text });
  }

  /** Every credential form found in the texts recorded since `from` (an earlier `texts.length`). */
  leaks(from = 0): Leak[] {
    const found: Leak[] = [];
    for (const { where, text } of this.texts.slice(from)) {
      for (const [value, { plain, forms, fragments }] of this.#secrets) {
        let form: string | undefined;
        for (const candidate of forms) {
          if (text.includes(candidate)) {
            form = candidate;
            break;
          }
        }
        if (form !== undefined) {
          found.push({ where, secret: plain, form: form === value ? 'plain' : 'encoded' });
        } else if (fragments.some((fragment) => text.includes(fragment))) {
          found.push({ where, secret: plain, form: 'fragment' });
        }
      }
    }
    return found;
  }

  /** Keeps raw bytes (a database file) to scan, one character per byte, so no byte sequence hides. */
  recordBytes(where: string, bytes: Buffer): void {
    this.record(where, bytes.toString('latin1'));
  }
}

type Write = typeof process.stdout.write;

/**
 * Captures everything written to stdout, stderr and the console while it runs, still passing it on.
 * Returns the capture and a function that restores the originals.
 */
export function captureOutput(): { text(): string; restore(): void } {
  const chunks: string[] = [];
  const keep = (chunk: unknown) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
  };
  const originals = { out: process.stdout.write, err: process.stderr.write };
  const wrap = (original: Write, stream: NodeJS.WriteStream): Write =>
    ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as Write;
  process.stdout.write = wrap(originals.out, process.stdout);
  process.stderr.write = wrap(originals.err, process.stderr);
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const consoleOriginals = methods.map((method) => [method, console[method]] as const);
  for (const method of methods) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      keep(`${args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' ')}\n`);
      original.apply(console, args);
    };
  }
  return {
    text: () => chunks.join(''),
    restore() {
      process.stdout.write = originals.out;
      process.stderr.write = originals.err;
      for (const [method, original] of consoleOriginals) console[method] = original;
    },
  };
}
