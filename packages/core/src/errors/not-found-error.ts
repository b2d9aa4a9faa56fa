import { ConnectorError, type ConnectorErrorOptions, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.not_found');

/** 404: the object does not exist, or the credential cannot see it. */
export class NotFoundError extends ConnectorError {
  readonly kind = 'not_found' as const;

  constructor(message: string, options: ConnectorErrorOptions = {}) {
    super(message, { ...options, retryable: false });
    Object.defineProperty(this, marker, { value: true });
  }

  static override isInstance(error: unknown): error is NotFoundError {
    return hasMarker(error, marker);
  }
}
