import { Secret } from '../redact.js';
import type { AuthStrategy } from './auth-strategy.js';

/** `Authorization: Bearer <token>` (Stripe keys, OAuth access tokens without refresh). */
export function bearerAuth(token: string): AuthStrategy {
  const secret = new Secret(token);
  return {
    headers: () => ({ authorization: `Bearer ${secret.reveal()}` }),
    dispose: () => secret.dispose(),
  };
}

/** A key in a header of its own, e.g. Linear's personal keys sent bare in `Authorization`. */
export function headerAuth(header: string, value: string): AuthStrategy {
  const secret = new Secret(value);
  const name = header.toLowerCase();
  return {
    headers: () => ({ [name]: secret.reveal() }),
    dispose: () => secret.dispose(),
  };
}

/** HTTP Basic with a username and password (Amplitude's API key and secret key). */
export function basicAuth(username: string, password: string): AuthStrategy {
  const user = new Secret(username);
  const pass = new Secret(password);
  const encoded = new Secret(Buffer.from(`${username}:${password}`).toString('base64'));
  return {
    headers: () => ({ authorization: `Basic ${encoded.reveal()}` }),
    dispose: () => {
      user.dispose();
      pass.dispose();
      encoded.dispose();
    },
  };
}
