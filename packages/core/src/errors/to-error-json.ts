import { redact } from '../redact.js';
import { ConnectorError, type ErrorJson } from './connector-error.js';

/** The error JSON of any thrown value; unknown errors become a redacted `provider` kind. */
export function toErrorJson(error: unknown): ErrorJson {
  if (ConnectorError.isInstance(error)) return error.toJSON();
  const message = error instanceof Error ? error.message : String(error);
  return { name: 'Error', kind: 'provider', message: redact(message), retryable: false };
}
