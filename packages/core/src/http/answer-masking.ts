// Masking of the connection's own credentials in what a provider answers, should it echo one. The
// credentials are learnt from the auth strategy's headers, so masking needs nothing from a connector.
import { redact, redactBytes, redactDeep, secretForms } from '../redact.js';

/** How many credential forms a client remembers for masking (OAuth access tokens rotate). */
const MAX_MASKED_FORMS = 32;
const NONE: readonly string[] = Object.freeze([]);

/** The credentials one client has sent, in the forms a provider could echo, oldest first. */
export class SentCredentials {
  readonly #forms = new Set<string>();
  /** Auth header values already read into `#forms` (and checked: they can travel in a header). */
  readonly #seen = new Set<string>();
  /** `#forms` as an array, made again only when a credential is learnt (not once per call). */
  #snapshot: readonly string[] = NONE;

  /** Whether no credential has been learnt yet. */
  get empty(): boolean {
    return this.#forms.size === 0;
  }

  /**
   * The forms to mask, as a snapshot: a refresh may add more while a call reads its answer, and
   * learning replaces the array instead of changing it.
   */
  forms(): readonly string[] {
    return this.#snapshot;
  }

  /**
   * Reads the credentials out of auth headers (a Basic pair decoded too). A value seen before is
   * skipped: a connection sends the same header on every call, and is checked and split once.
   * `check` runs on each new value first (a value it refuses is not remembered).
   */
  learn(headers: Record<string, string>, check?: (value: string) => void): void {
    let changed = false;
    for (const name in headers) {
      const value = headers[name] as string;
      if (this.#seen.has(value)) continue;
      check?.(value);
      this.#seen.add(value);
      changed = true;
      for (const credential of credentialsIn(value)) {
        for (const form of secretForms(credential)) {
          this.#forms.delete(form);
          this.#forms.add(form);
        }
      }
    }
    if (!changed) return;
    for (const form of this.#forms) {
      if (this.#forms.size <= MAX_MASKED_FORMS) break;
      this.#forms.delete(form);
    }
    if (this.#seen.size > MAX_MASKED_FORMS) this.#seen.clear();
    this.#snapshot = this.#forms.size === 0 ? NONE : Object.freeze([...this.#forms]);
  }
}

/** The credentials inside one auth header value: a scheme's token (a Basic pair decoded), or the value. */
function credentialsIn(value: string): string[] {
  const match = /^([A-Za-z][\w.-]*) +(\S+)$/.exec(value);
  if (!match) return [value];
  const [, scheme = '', token = ''] = match;
  if (scheme.toLowerCase() !== 'basic') return [token];
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? [token, decoded] : [token, decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** Masks credentials in response header values; `all` adds every registered secret (error answers). */
export function maskHeaders(
  headers: Record<string, string>,
  credentials: readonly string[],
  all: boolean,
): Record<string, string> {
  if (!all && credentials.length === 0) return headers;
  // Keys and a plain loop: this runs on every answer, and echoes are rare.
  for (const key in headers) {
    const value = headers[key] as string;
    if (all || echoes(value, credentials)) headers[key] = redact(value, credentials);
  }
  return headers;
}

/** Whether a text holds any of the credential forms: one substring search per form. */
export function echoes(text: string, credentials: readonly string[]): boolean {
  for (let index = 0; index < credentials.length; index += 1) {
    if (text.includes(credentials[index] as string)) return true;
  }
  return false;
}

/** Masks credentials found in a decoded successful body: JSON after parsing, text and bytes in place. */
export function maskDecoded<T>(data: T, credentials: readonly string[]): T {
  if (data instanceof Uint8Array) return new Uint8Array(redactBytes(Buffer.from(data), credentials)) as T;
  return redactDeep(data, credentials);
}
