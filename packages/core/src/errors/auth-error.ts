import { ConnectorError, type ConnectorErrorOptions, type ErrorJson, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.auth');

/** 401, or a revoked or expired grant that a refresh cannot renew: the connection needs Reconnect. */
export class AuthError extends ConnectorError {
  readonly kind = 'auth' as const;
  /** Always true: the user must reconnect (or replace the key) before this connection works again. */
  readonly needsReconnect = true;

  constructor(message: string, options: ConnectorErrorOptions = {}) {
    super(message, { ...options, retryable: false });
    Object.defineProperty(this, marker, { value: true });
  }

  static override isInstance(error: unknown): error is AuthError {
    return hasMarker(error, marker);
  }

  override toJSON(): ErrorJson {
    return { ...super.toJSON(), needsReconnect: true };
  }
}
