import { ConnectorError, type ErrorJson, hasMarker } from './connector-error.js';
import type { TransportErrorOptions } from './network-error.js';

const marker = Symbol.for('@c/core.error.timeout');

/** A connect, header, body or total timeout. `outcomeUnknown` as for `NetworkError`. */
export class TimeoutError extends ConnectorError {
  readonly kind = 'timeout' as const;
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: TransportErrorOptions = {}) {
    super(message, { ...options, retryable: options.retryable ?? !options.outcomeUnknown });
    Object.defineProperty(this, marker, { value: true });
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }

  static override isInstance(error: unknown): error is TimeoutError {
    return hasMarker(error, marker);
  }

  override toJSON(): ErrorJson {
    return { ...super.toJSON(), outcomeUnknown: this.outcomeUnknown };
  }
}
