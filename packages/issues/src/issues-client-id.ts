import { hash } from 'node:crypto';
import { ProviderError } from '@c/core';

/** The namespace of the ids this package derives (a fixed random UUID, as RFC 9562 § 6.5 advises). */
const NAMESPACE = Buffer.from('6f1c3a52d0a84e0f9b6a7c2e4d5f8a19', 'hex');
/**
 * Where the namespace and a name are laid out to be hashed, reused by every create: a fresh buffer
 * per create would draw on Buffer's pool (and, once it runs out, a new backing store) for 60 bytes.
 */
const SCRATCH = Buffer.allocUnsafeSlow(1024);
NAMESPACE.copy(SCRATCH, 0);
/** The RFC 9562 variant (`10xx`) as the first hex digit of the 9th byte, by its two low bits. */
const VARIANT_DIGITS = '89ab';

/**
 * The id a create sends as its `input.id`, derived from the run's idempotency key and the command
 * (`issues.createIssue`): the same key gives the same id, so a repeated create cannot make a second
 * entity, and each command gets ids of its own. Linear takes client ids "in UUID v4 format".
 *
 * A key that is itself a random UUID (a run's own key is one, from `randomUUID()`) already carries
 * 122 random bits: it is mixed with the command's own mask ({@link v4Mixed}), which keeps distinct
 * keys distinct. Any other key is hashed like a name-based UUID (SHA-1 of a namespace and the name,
 * RFC 9562 version 5), stamped version 4. Hashing cost a write about 10 µs of CPU against a live
 * socket (bench/README.md, "Linear issueCreate"), a tenth of the call; mixing costs next to nothing.
 * Undefined without a key.
 */
export function clientChosenId(idempotencyKey: string | undefined, commandId: string): string | undefined {
  if (idempotencyKey === undefined) return undefined;
  return RANDOM_UUID.test(idempotencyKey)
    ? v4Mixed(idempotencyKey, maskOf(commandId))
    : nameBased(`${commandId}\n${idempotencyKey}`);
}

/** A lower-case UUID of version 4 and the RFC 9562 variant, as `randomUUID()` writes one. */
const RANDOM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HEX = '0123456789abcdef';

/** Each command's mask, by character of the UUID's text (0 where a dash or the version is). */
const masks = new Map<string, Uint8Array>();

/**
 * The mask of a command's ids: 4 bits per hex digit from the name-based id of `mask:<command>`,
 * none on the version digit and only the two low bits on the variant digit, so that a masked v4
 * UUID is one still.
 */
function maskOf(commandId: string): Uint8Array {
  let mask = masks.get(commandId);
  if (mask === undefined) {
    const text = nameBased(`mask:${commandId}`);
    mask = new Uint8Array(36);
    for (let i = 0; i < 36; i++) {
      const digit = text[i] === '-' ? 0 : HEX.indexOf(text[i]!);
      mask[i] = i === 14 ? 0 : i === 19 ? digit & 3 : digit;
    }
    masks.set(commandId, mask);
  }
  return mask;
}

/**
 * A random v4 UUID exclusive-or the command's mask, digit by digit: a bijection on v4 UUIDs for
 * each command (two keys never share an id), and a different id for each command of one key.
 */
function v4Mixed(key: string, mask: Uint8Array): string {
  let id = '';
  for (let i = 0; i < 36; i++) {
    const code = key.charCodeAt(i);
    // '-' (45) stays; a digit is 0-9 (48-57) or a-f (97-102).
    id += code === 45 ? '-' : HEX[(code <= 57 ? code - 48 : code - 87) ^ mask[i]!];
  }
  return id;
}

/** A name-based id: SHA-1 of the namespace and the name, laid out and stamped as a v4 UUID. */
function nameBased(name: string): string {
  const size = NAMESPACE.length + Buffer.byteLength(name);
  const input =
    size <= SCRATCH.length
      ? SCRATCH.subarray(0, NAMESPACE.length + SCRATCH.write(name, NAMESPACE.length))
      : Buffer.concat([NAMESPACE, Buffer.from(name)], size);
  // One-shot hashing to hex: a `createHash` object costs more than the digest itself.
  const hex = hash('sha1', input);
  // The first 16 bytes, stamped: version 4 in the 7th byte's high nibble, the variant in the 9th's.
  const variant = VARIANT_DIGITS[Number.parseInt(hex[16]!, 16) & 3];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Linear's input refusal (`extensions.code` INPUT_ERROR), which is how it refuses an id in use. */
const INPUT_CODES = new Set(['INPUT_ERROR', 'invalid input']);

/**
 * Runs a create that carries a client-chosen id. When Linear refuses it as bad input and an entity
 * with that id exists, this is a repeat of a create that already landed (its answer was lost, or the
 * caller repeated it with the same idempotency key): that entity is the result, and nothing new is
 * made. Any other refusal is thrown as it came.
 */
export function createOnce<T>(
  id: string | undefined,
  create: () => Promise<T>,
  read: (id: string) => Promise<T | undefined>,
): Promise<T> {
  // Chained rather than awaited: the create's own promise is the result when it succeeds.
  let created: Promise<T>;
  try {
    created = create();
  } catch (error) {
    created = Promise.reject(error);
  }
  return created.then(undefined, async (error: unknown) => {
    if (id === undefined || !ProviderError.isInstance(error) || !INPUT_CODES.has(error.providerCode ?? '')) {
      throw error;
    }
    const existing = await read(id).catch(() => undefined);
    if (existing === undefined) throw error;
    return existing;
  });
}
