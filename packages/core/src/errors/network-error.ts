import { ConnectorError, type ConnectorErrorOptions, type ErrorJson, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.network');

/** Options of errors where no complete response arrived. */
export interface TransportErrorOptions extends ConnectorErrorOptions {
  /** True when the request may have reached the provider and been applied. */
  outcomeUnknown?: boolean;
}

/** No response: refused, reset, dropped. `outcomeUnknown` says whether the call may have been applied. */
export class NetworkError extends ConnectorError {
  readonly kind = 'network' as const;
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: TransportErrorOptions = {}) {
    super(message, { ...options, retryable: options.retryable ?? !options.outcomeUnknown });
    Object.defineProperty(this, marker, { value: true });
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }

  static override isInstance(error: unknown): error is NetworkError {
    return hasMarker(error, marker);
  }

  override toJSON(): ErrorJson {
    return { ...super.toJSON(), outcomeUnknown: this.outcomeUnknown };
  }
}
