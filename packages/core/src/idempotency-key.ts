import type { Command, RunOptions } from './command.js';
import { ValidationError } from './errors/validation-error.js';

/** Printable ASCII: a key travels in an HTTP header (Stripe's `Idempotency-Key`). */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;

/**
 * The one place a caller's idempotency key is checked. An object rather than a bare function so
 * that a host's test can count the checks a run makes (it must make one).
 */
export const idempotencyKeys = {
  /**
   * Checks a caller's idempotency key: only write commands take one (`writes`), and it must be 1 to
   * 200 printable ASCII characters, to travel in a header. A `ValidationError` on `idempotencyKey`
   * otherwise.
   */
  check(key: unknown, writes: boolean, commandId: string): string | undefined {
    if (key === undefined) return undefined;
    const fail = (message: string): never => {
      throw new ValidationError(`Invalid parameter "idempotencyKey": ${message}`, {
        parameter: 'idempotencyKey',
      });
    };
    if (!writes) fail(`${commandId} only reads, and reading again changes nothing: send no idempotency key`);
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      fail('expected a string of 1 to 200 printable ASCII characters (a UUID, say)');
    }
    return key as string;
  },
};

/**
 * Checks a caller's idempotency key: only write commands take one (`writes`), and it must be 1 to
 * 200 printable ASCII characters, to travel in a header. A `ValidationError` on `idempotencyKey`
 * otherwise. Hosts that keep their own record of keys check them with this same rule first.
 */
export function checkIdempotencyKey(key: unknown, writes: boolean, commandId: string): string | undefined {
  return idempotencyKeys.check(key, writes, commandId);
}

/** Run options whose key was checked for a command, with the key as it was checked. */
const checkedOptions = new WeakMap<
  RunOptions,
  { command: Command<any, any, any>; key: string | undefined }
>();

/**
 * Checks the idempotency key of a run's options for one command, once, and marks that options
 * object: the connector, handed these same options (`runParsed`), takes the key as checked instead
 * of checking it again. A host that checks a run before it picks a connection (so bad input fails
 * alike with or without one) calls this; the options may gain their signal and observer later.
 */
export function checkRunKey<O extends RunOptions>(
  command: Command<any, any, any>,
  commandId: string,
  options: O,
): O {
  const key = idempotencyKeys.check(options.idempotencyKey, !command.annotations.readOnly, commandId);
  checkedOptions.set(options, { command, key });
  return options;
}

/** The key of a run of `command`: as `checkRunKey` checked it for these options, else checked now. */
export function runKeyOf(
  command: Command<any, any, any>,
  commandId: string,
  options: RunOptions,
): string | undefined {
  const checked = checkedOptions.get(options);
  if (checked && checked.command === command && checked.key === options.idempotencyKey) return checked.key;
  return idempotencyKeys.check(options.idempotencyKey, !command.annotations.readOnly, commandId);
}
