import { ConnectorError, type ErrorJson } from './connector-error.js';
import { InternalError } from './internal-error.js';

/**
 * The error JSON of any thrown value. Anything that is not a connector error is a fault on our side
 * (kind `internal`, message redacted), never reported as the provider's.
 */
export function toErrorJson(error: unknown): ErrorJson {
  if (ConnectorError.isInstance(error)) return error.toJSON();
  const message = error instanceof Error ? error.message : String(error);
  return new InternalError(message).toJSON();
}
