import { hash } from 'node:crypto';
import { ProviderError } from '@c/core';

/** The namespace of the ids this package derives (a fixed random UUID, as RFC 9562 § 6.5 advises). */
const NAMESPACE = Buffer.from('6f1c3a52d0a84e0f9b6a7c2e4d5f8a19', 'hex');

/**
 * The id a create sends as its `input.id`, derived from the run's idempotency key and the command
 * (`issues.createIssue`): the same key gives the same id, so a repeated create cannot make a second
 * entity. Made like a name-based UUID (SHA-1 of a namespace and the name, RFC 9562 version 5), but
 * stamped version 4, since Linear takes client ids "in UUID v4 format". Undefined without a key.
 */
export function clientChosenId(idempotencyKey: string | undefined, commandId: string): string | undefined {
  if (idempotencyKey === undefined) return undefined;
  // One-shot hashing: a `createHash` object costs more than the digest itself, on every create.
  const name = Buffer.from(`${commandId}\n${idempotencyKey}`);
  const digest = hash('sha1', Buffer.concat([NAMESPACE, name], NAMESPACE.length + name.length), 'buffer');
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
