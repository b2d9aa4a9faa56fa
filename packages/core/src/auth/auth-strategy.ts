import type { HttpRequest, HttpResponse } from '../http/request.js';

/**
 * How a strategy makes calls of its own (a token refresh): through its client's `request`, so they
 * share the connection's pool, retries and error mapping. A strategy gets this, not the client.
 */
export interface AuthTransport {
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
}

/** How a connection authenticates its requests. Applied only to the connection's own base URLs. */
export interface AuthStrategy {
  /** Headers to add to one request attempt. May refresh an expired token first. */
  headers(signal?: AbortSignal): Promise<Record<string, string>> | Record<string, string>;
  /**
   * Called once after a 401 with the headers that attempt carried. Resolves true when a new attempt
   * may succeed (a token was refreshed); false makes the 401 final.
   */
  handleUnauthorized?(sent: Record<string, string>, signal?: AbortSignal): Promise<boolean>;
  /** Gives the strategy its client's transport (OAuth refreshes through the same pool). */
  attach?(transport: AuthTransport): void;
  /** Releases the credentials from the redaction registry. */
  dispose?(): void;
}
