import { ConnectorError, type ConnectorErrorOptions, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.provider');

/** Any other 4xx or 5xx, GraphQL `errors`, or a body the provider should not have sent. */
export class ProviderError extends ConnectorError {
  readonly kind = 'provider' as const;

  constructor(message: string, options: ConnectorErrorOptions = {}) {
    super(message, {
      ...options,
      retryable: options.retryable ?? (options.status !== undefined && options.status >= 500),
    });
    Object.defineProperty(this, marker, { value: true });
  }

  static override isInstance(error: unknown): error is ProviderError {
    return hasMarker(error, marker);
  }
}
