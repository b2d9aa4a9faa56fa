import { inspect } from 'node:util';

const REDACTED = '[REDACTED]';
/** Secrets shorter than this are not registered: replacing them would mangle ordinary text. */
const MIN_SECRET_LENGTH = 6;
const secrets = new Map<string, number>();

/**
 * Registers a credential so that every error message and JSON produced by this package replaces it
 * with `[REDACTED]`. Registration is reference-counted; call the returned function to release it.
 */
export function registerSecret(value: string | undefined | null): () => void {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return () => {};
  const forms = secretForms(value);
  for (const form of forms) secrets.set(form, (secrets.get(form) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const form of forms) {
      const count = (secrets.get(form) ?? 1) - 1;
      if (count <= 0) secrets.delete(form);
      else secrets.set(form, count);
    }
  };
}

/**
 * The forms in which a credential is masked: as it is and URL-encoded (a Basic header's value is
 * registered on its own). Values too short to mask safely give none.
 */
export function secretForms(value: string): string[] {
  if (value.length < MIN_SECRET_LENGTH) return [];
  return [...new Set([value, encodeURIComponent(value)])];
}

/** Replaces every registered secret (and any extra ones given) in a string. */
export function redact(text: string, extra: readonly string[] = []): string {
  let out = text;
  for (const secret of extra) {
    if (secret && secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
  }
  for (const secret of secrets.keys()) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * Deep-redacts a JSON-like value: every string in it, keys included, goes through `redact`. Objects
 * are rebuilt with own data properties, so a `__proto__` key stays a key and never sets a prototype.
 */
export function redactDeep<T>(value: T, extra: readonly string[] = []): T {
  if (typeof value === 'string') return redact(value, extra) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, extra)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key, extra), redactDeep(item, extra)]),
    ) as T;
  }
  return value;
}

const REDACTED_BYTES = Buffer.from(REDACTED);

/** The forms among `forms` that occur in `bytes`: a cheap test before any rewriting. */
export function secretsIn(bytes: Uint8Array, forms: Iterable<string>): string[] {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: string[] = [];
  for (const form of forms) if (buffer.includes(form)) found.push(form);
  return found;
}

/** Replaces every occurrence of the given secrets in raw bytes with `[REDACTED]`. */
export function redactBytes(bytes: Buffer, secrets: readonly string[]): Buffer {
  let out = bytes;
  for (const secret of secrets) {
    const needle = Buffer.from(secret);
    if (needle.length === 0 || !out.includes(needle)) continue;
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, from)) {
      parts.push(out.subarray(from, at), REDACTED_BYTES);
      from = at + needle.length;
    }
    parts.push(out.subarray(from));
    out = Buffer.concat(parts);
  }
  return out;
}

/**
 * Masks a secret for display: keeps a recognisable kind prefix (lower-case words ending in `_`,
 * such as `sk_test_` or `lin_api_`, never random characters) and the last four characters, e.g.
 * `sk_test_…4242`.
 */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '…';
  const prefix = /^(?:[a-z]{2,6}_){1,2}/.exec(value)?.[0] ?? '';
  // A prefix must leave most of the secret hidden.
  const shown = prefix.length <= value.length / 2 ? prefix : '';
  return `${shown}…${value.slice(-4)}`;
}

/**
 * Holds a credential without exposing it to `JSON.stringify`, `util.inspect`, string
 * conversion or enumeration. Read it with `reveal()` only where it is sent.
 */
export class Secret {
  readonly #value: string;
  readonly #release: () => void;

  constructor(value: string) {
    this.#value = value;
    this.#release = registerSecret(value);
  }

  /** The credential itself, for the one place that sends it. */
  reveal(): string {
    return this.#value;
  }

  /** A display form such as `sk_test_…4242`. */
  get hint(): string {
    return maskSecret(this.#value);
  }

  /** Stops redacting this value in error output (when its connection is closed). */
  dispose(): void {
    this.#release();
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return `Secret(${this.hint})`;
  }
}
