import { ConnectorError, type ConnectorErrorOptions, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.internal');

/**
 * A fault on our side (a bug, a broken local store, an unexpected exception), never the provider's:
 * reported apart so that a caller does not blame, or retry against, the provider for it.
 */
export class InternalError extends ConnectorError {
  readonly kind = 'internal' as const;

  constructor(message: string, options: ConnectorErrorOptions = {}) {
    super(message, { ...options, retryable: false });
    Object.defineProperty(this, marker, { value: true });
  }

  static override isInstance(error: unknown): error is InternalError {
    return hasMarker(error, marker);
  }
}
