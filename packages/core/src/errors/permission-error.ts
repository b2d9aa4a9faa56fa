import { ConnectorError, type ConnectorErrorOptions, hasMarker } from './connector-error.js';

const marker = Symbol.for('@c/core.error.permission');

/** 403: the credential works but may not do this (no access to the object, a restricted key). */
export class PermissionError extends ConnectorError {
  readonly kind = 'permission' as const;

  constructor(message: string, options: ConnectorErrorOptions = {}) {
    super(message, { ...options, retryable: false });
    Object.defineProperty(this, marker, { value: true });
  }

  static override isInstance(error: unknown): error is PermissionError {
    return hasMarker(error, marker);
  }
}
