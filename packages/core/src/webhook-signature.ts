import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureError } from './errors/signature-error.js';

// One header lookup for requests sent and deliveries received.
export { headerValue } from './http/headers.js';

/** Hex HMAC-SHA256 of `payload` keyed by the secret's UTF-8 bytes. */
export function hmacSha256Hex(secret: string, payload: string | Uint8Array): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Compares two hex digests in constant time (different lengths are simply unequal). */
export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The bytes a signature covers: `<t>.<raw body>`, without decoding the body. */
function signedPayload(timestamp: number, rawBody: string | Uint8Array): Buffer {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  return Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), body]);
}

/**
 * A `t=<unix seconds>,v1=<hex>` header value, the scheme Stripe signs with (HMAC-SHA256 over
 * `<t>.<raw body>`): used by simulators that deliver like Stripe and by hosts that sign their own
 * deliveries the same way.
 */
export function signTimestamped(
  secret: string,
  rawBody: string | Uint8Array,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmacSha256Hex(secret, signedPayload(timestamp, rawBody))}`;
}

/** Options of `verifyTimestamped`. */
export interface VerifyTimestampedOptions {
  /** The signature header's value (`t=…,v1=…[,v1=…]`). */
  header: string | undefined;
  rawBody: string | Uint8Array;
  secret: string;
  /** How far `t` may be from now, in seconds (Stripe's 300 by default). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (tests). */
  now?: number;
  /** The header's name, for messages. */
  headerName?: string;
}

/**
 * Checks a `t=…,v1=…` signature: some `v1` (several appear while a secret rolls) must equal the
 * HMAC of `<t>.<raw body>`, compared in constant time, and `t` must lie within the tolerance, so a
 * captured delivery cannot be replayed later. Returns the timestamp; throws a `SignatureError`.
 */
export function verifyTimestamped(options: VerifyTimestampedOptions): number {
  const name = options.headerName ?? 'signature';
  if (!options.header) {
    throw new SignatureError(`The delivery has no ${name} header`, { reason: 'missing' });
  }
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of options.header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new SignatureError(`The ${name} header has no timestamp or no v1 signature`, {
      reason: 'malformed',
    });
  }
  const expected = hmacSha256Hex(options.secret, signedPayload(timestamp, options.rawBody));
  // Every candidate is compared, so the time taken says nothing about which one was close.
  let matched = false;
  for (const signature of signatures) matched = safeEqualHex(signature, expected) || matched;
  if (!matched) {
    throw new SignatureError(`The ${name} header matches no signature of this body`, { reason: 'mismatch' });
  }
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) {
    throw new SignatureError(
      `The ${name} timestamp is ${Math.abs(now - timestamp)} s from now, beyond the ${tolerance} s tolerance`,
      { reason: 'stale' },
    );
  }
  return timestamp;
}
