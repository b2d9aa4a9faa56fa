import { AuthError, NetworkError, NotFoundError, ValidationError } from '@c/core';
import { didYouMean } from '../suggest.js';

// The errors of connections, worded once for every surface.

/** A connection whose credentials the current secret key cannot open. */
export function unreadable(name: string): AuthError {
  return new AuthError(
    `The credentials of connection "${name}" cannot be decrypted with the current secret key (C_HOST_SECRET_KEY or secret.key): they were sealed with another key. Supply that key, or reconnect "${name}" to replace them.`,
    { details: { connection: name, unreadable: true } },
  );
}

/**
 * A run or check on a sandbox connection while its simulators are stopped: nothing was sent (a
 * `NetworkError`, safe to repeat once the sandbox runs), and the message says how to start it.
 */
export function sandboxStopped(name: string): NetworkError {
  return new NetworkError(
    `The sandbox is not running: connection "${name}" points at a local simulator that runs only while \`c-host serve --sandbox\` (or \`c-host mcp --sandbox\`) does. Start it and try again.`,
    // Not worth retrying as it is: nothing changes until someone starts the sandbox.
    { retryable: false, details: { connection: name, sandboxStopped: true } },
  );
}

export function connectionNotFound(name: string, suggestions: string[] = []): NotFoundError {
  return new NotFoundError(`There is no connection named "${name}".${didYouMean(suggestions)}`, {
    details: { connection: name, ...(suggestions.length > 0 ? { suggestions } : {}) },
  });
}

/** A taken name: a `ValidationError` on `name`, marked so HTTP answers 409. */
export function connectionExists(name: string): ValidationError {
  return new ValidationError(`Invalid parameter "name": a connection named "${name}" already exists`, {
    parameter: 'name',
    details: { conflict: true },
  });
}

/**
 * A credential field the connector does not take: refused rather than stored, where it would sit
 * encrypted for nothing and be shown back in `credentialHints` as if it were used.
 */
export function unknownCredential(key: string, known: readonly string[]): ValidationError {
  return new ValidationError(
    `Invalid parameter "credentials.${key}": this connector takes no such credential (it takes ${known.map((name) => `"${name}"`).join(', ')})${didYouMean(known.filter((name) => close(name, key)))}`,
    { parameter: `credentials.${key}` },
  );
}

/** Loosely alike names (case and separators aside), for a suggestion. */
function close(a: string, b: string): boolean {
  const norm = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return norm(a) === norm(b) || norm(a).includes(norm(b)) || norm(b).includes(norm(a));
}
