// Masking of the connection's own credentials in what a provider answers, should it echo one. The
// credentials are learnt from the auth strategy's headers, so masking needs nothing from a connector.
import { redact, redactBytes, redactDeep, secretForms } from '../redact.js';

/** How many credential forms a client remembers for masking (OAuth access tokens rotate). */
const MAX_MASKED_FORMS = 32;
const NONE: readonly string[] = Object.freeze([]);

/** The credentials one client has sent, in the forms a provider could echo, oldest first. */
export class SentCredentials {
  readonly #forms = new Set<string>();
  /** Auth header values already read into `#forms`. */
  readonly #seen = new Set<string>();

  /** Whether no credential has been learnt yet. */
  get empty(): boolean {
    return this.#forms.size === 0;
  }

  /** The forms to mask, as a snapshot (a refresh may add more while a call reads its answer). */
  forms(): readonly string[] {
    return this.#forms.size === 0 ? NONE : [...this.#forms];
  }

  /** Reads the credentials out of auth headers (a Basic pair decoded too). */
  learn(headers: Record<string, string>): void {
    for (const value of Object.values(headers)) {
      if (this.#seen.has(value)) continue;
      this.#seen.add(value);
      for (const credential of credentialsIn(value)) {
        for (const form of secretForms(credential)) {
          this.#forms.delete(form);
          this.#forms.add(form);
        }
      }
    }
    for (const form of this.#forms) {
      if (this.#forms.size <= MAX_MASKED_FORMS) break;
      this.#forms.delete(form);
    }
    if (this.#seen.size > MAX_MASKED_FORMS) this.#seen.clear();
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
  for (const [key, value] of Object.entries(headers)) {
    if (all) headers[key] = redact(value, credentials);
    else if (credentials.some((form) => value.includes(form))) headers[key] = redact(value, credentials);
  }
  return headers;
}

/** Masks credentials found in a decoded successful body: JSON after parsing, text and bytes in place. */
export function maskDecoded<T>(data: T, credentials: readonly string[]): T {
  if (data instanceof Uint8Array) return new Uint8Array(redactBytes(Buffer.from(data), credentials)) as T;
  return redactDeep(data, credentials);
}
