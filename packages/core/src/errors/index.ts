export { AuthError } from './auth-error.js';
export {
  ConnectorError,
  type ConnectorErrorOptions,
  ERROR_KINDS,
  type ErrorJson,
  type ErrorKind,
} from './connector-error.js';
export { errorFromStatus, type StatusErrorInput } from './from-status.js';
export { InternalError } from './internal-error.js';
export { NetworkError, type TransportErrorOptions } from './network-error.js';
export { NotFoundError } from './not-found-error.js';
export { PermissionError } from './permission-error.js';
export { ProviderError } from './provider-error.js';
export { RateLimitError } from './rate-limit-error.js';
export { SignatureError, type SignatureFailure } from './signature-error.js';
export { TimeoutError } from './timeout-error.js';
export { toErrorJson } from './to-error-json.js';
export { ValidationError } from './validation-error.js';
