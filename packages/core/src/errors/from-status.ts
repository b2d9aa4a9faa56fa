import { AuthError } from './auth-error.js';
import type { ConnectorError } from './connector-error.js';
import { NotFoundError } from './not-found-error.js';
import { PermissionError } from './permission-error.js';
import { ProviderError } from './provider-error.js';
import { RateLimitError } from './rate-limit-error.js';

/** What a provider's error response says, already parsed by the connector. */
export interface StatusErrorInput {
  status: number;
  providerMessage?: string;
  providerCode?: string;
  requestId?: string;
  retryAfterMs?: number;
  details?: Record<string, unknown>;
  /** Who to name in the message, e.g. "Stripe". */
  provider?: string;
}

/** Maps an HTTP status onto the taxonomy. Connectors call it after parsing their error body. */
export function errorFromStatus(input: StatusErrorInput): ConnectorError {
  const { status, provider = 'The provider' } = input;
  const said = input.providerMessage ? `: ${input.providerMessage}` : '';
  const base = {
    status,
    providerMessage: input.providerMessage,
    providerCode: input.providerCode,
    requestId: input.requestId,
    details: input.details,
  };
  if (status === 401) {
    return new AuthError(
      `${provider} rejected the credentials (401)${said}. Reconnect the account or replace the key.`,
      base,
    );
  }
  if (status === 403) {
    return new PermissionError(`${provider} refused access (403)${said}`, base);
  }
  if (status === 404) return new NotFoundError(`${provider} found nothing there (404)${said}`, base);
  if (status === 429) {
    return new RateLimitError(`${provider} rate limit reached (429)${said}`, {
      ...base,
      retryAfterMs: input.retryAfterMs,
    });
  }
  return new ProviderError(`${provider} answered ${status}${said}`, base);
}
