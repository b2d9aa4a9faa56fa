import { ConnectorError, type ConnectorErrorOptions, type ErrorJson, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.signature');

/** Why a webhook delivery was refused. */
export type SignatureFailure = 'missing' | 'malformed' | 'mismatch' | 'stale' | 'unknown_channel';

/**
 * A webhook delivery failed its check: no signature, a signature that matches no secret, a timestamp
 * outside the tolerance (a replay), or a channel id or token that is not ours. Nothing of it may be
 * trusted or stored; a receiver answers 4xx.
 */
export class SignatureError extends ConnectorError {
  readonly kind = 'signature' as const;
  /** What failed, so a receiver can log it without reading the message. */
  readonly reason: SignatureFailure;

  constructor(message: string, options: ConnectorErrorOptions & { reason: SignatureFailure }) {
    super(message, { ...options, retryable: false });
    Object.defineProperty(this, marker, { value: true });
    this.reason = options.reason;
  }

  static override isInstance(error: unknown): error is SignatureError {
    return hasMarker(error, marker);
  }

  override toJSON(): ErrorJson {
    const json = super.toJSON();
    json.details = { ...json.details, reason: this.reason };
    return json;
  }
}
