import type { HttpClient } from '../http/http-client.js';

/** How a connection authenticates its requests. Applied only to the connection's own base URLs. */
export interface AuthStrategy {
  /** Headers to add to one request attempt. May refresh an expired token first. */
  headers(signal?: AbortSignal): Promise<Record<string, string>> | Record<string, string>;
  /**
   * Called once after a 401 with the headers that attempt carried. Resolves true when a new attempt
   * may succeed (a token was refreshed); false makes the 401 final.
   */
  handleUnauthorized?(sent: Record<string, string>, signal?: AbortSignal): Promise<boolean>;
  /** Gives the strategy the client it belongs to (OAuth refreshes through the same pool). */
  attach?(client: HttpClient): void;
  /** Releases the credentials from the redaction registry. */
  dispose?(): void;
}
