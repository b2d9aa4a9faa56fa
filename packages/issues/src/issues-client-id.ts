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
 * entity. Made like a name-based UUID (SHA-1 of a namespace and the name, RFC 9562 version 5), but
 * stamped version 4, since Linear takes client ids "in UUID v4 format". Undefined without a key.
 */
export function clientChosenId(idempotencyKey: string | undefined, commandId: string): string | undefined {
  if (idempotencyKey === undefined) return undefined;
  const name = `${commandId}\n${idempotencyKey}`;
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
export async function createOnce<T>(
  id: string | undefined,
  create: () => Promise<T>,
  read: (id: string) => Promise<T | undefined>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (id === undefined || !ProviderError.isInstance(error) || !INPUT_CODES.has(error.providerCode ?? '')) {
      throw error;
    }
    const existing = await read(id).catch(() => undefined);
    if (existing === undefined) throw error;
    return existing;
  }
}
