import { ConnectorError, type ConnectorErrorOptions, type ErrorJson, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.validation');

/** The input failed its schema or a command's rule. Names the parameter; nothing was sent. */
export class ValidationError extends ConnectorError {
  readonly kind = 'validation' as const;
  /** The parameter key, or a dotted path into it (`events.3.event_type`). */
  readonly parameter: string | undefined;

  constructor(message: string, options: ConnectorErrorOptions & { parameter?: string } = {}) {
    super(message, { ...options, retryable: false });
    Object.defineProperty(this, marker, { value: true });
    this.parameter = options.parameter;
  }

  static override isInstance(error: unknown): error is ValidationError {
    return hasMarker(error, marker);
  }

  override toJSON(): ErrorJson {
    const json = super.toJSON();
    if (this.parameter !== undefined) json.parameter = this.parameter;
    return json;
  }
}
