// A dry run: the request a call would send, recorded with every credential masked, and nothing sent.
import type { AuthStrategy } from '../auth/auth-strategy.js';
import { redact } from '../redact.js';
import { DryRunStop, type RunState, withRun } from '../run-context.js';
import type { SentCredentials } from './answer-masking.js';

/** The request as its first attempt would carry it, before credentials. */
export interface DryRunCall {
  method: string;
  /** Origin and request target. */
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /** Whether the call carries the connection's credentials (`HttpRequest.auth`). */
  sendsAuth: boolean;
}

/**
 * Records the request a dry run would send, exactly as its first attempt would carry it but with
 * every credential masked, then stops the run: what it would do next depends on the answer.
 */
export async function recordDryRun(
  dryRun: NonNullable<RunState['dryRun']>,
  call: DryRunCall,
  auth: AuthStrategy | undefined,
  credentials: SentCredentials,
  signal: AbortSignal | undefined,
): Promise<never> {
  if (dryRun.resolvingCredentials) throw new DryRunStop();
  const headers = call.headers;
  // The credentials are read even for a call without them (a key in the body must be masked too).
  const authHeaders = auth ? await dryRunCredentials(auth, credentials, signal) : undefined;
  if (authHeaders && call.sendsAuth) Object.assign(headers, authHeaders);
  const forms = credentials.forms();
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) masked[name] = redact(value, forms);
  dryRun.requests.push({
    method: call.method,
    url: redact(call.url, forms),
    headers: masked,
    ...(typeof call.body === 'string' ? { body: redact(call.body, forms) } : {}),
    ...(call.body instanceof Uint8Array ? { bodyBytes: call.body.byteLength } : {}),
  });
  throw new DryRunStop();
}

/**
 * The auth headers a dry run shows (masked). Resolving them may need a token refresh, which is a
 * request of its own: it is stopped like any other (sending nothing), and the header then reads
 * as a masked placeholder.
 */
async function dryRunCredentials(
  auth: AuthStrategy,
  credentials: SentCredentials,
  signal: AbortSignal | undefined,
): Promise<Record<string, string>> {
  try {
    const headers = await withRun(
      { idempotencyKey: undefined, writes: 0, dryRun: { requests: [], resolvingCredentials: true } },
      async () => auth.headers(signal),
    );
    credentials.learn(headers);
    return headers;
  } catch (error) {
    if (!(error instanceof DryRunStop)) throw error;
    return { authorization: '[REDACTED] (an access token refreshed first)' };
  }
}
