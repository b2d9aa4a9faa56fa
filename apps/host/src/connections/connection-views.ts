import { maskSecret } from '@c/core/internal';
import type { ConnectionRecord, ConnectionStatus } from '../store/connection-store.js';

// A connection as every surface shows it, and the failed check that can colour its status.

/** A connection as every surface shows it: secrets only as masked hints. */
export interface ConnectionView {
  name: string;
  connector: string;
  isDefault: boolean;
  sandbox: boolean;
  /**
   * `ok`; `needs_reconnect` when the provider refused the credentials; `unreadable` when the secret
   * key cannot open them; `check_failed` when the last check (`connections test`, Test) failed for
   * another reason, until a check succeeds or the credentials are replaced; `sandbox_stopped` for a
   * sandbox connection while no `serve --sandbox` (or `mcp --sandbox`) runs its simulators.
   */
  status: ConnectionViewStatus;
  /** Why the status is not `ok`, in a sentence, for `check_failed` and `sandbox_stopped`. */
  statusMessage?: string;
  /** Each credential as a hint such as `sk_test_…4242`; never the value. Empty when `unreadable`. */
  credentialHints: Record<string, string>;
  options: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** The status every surface shows: the stored one, or what the last check and the sandbox say. */
export type ConnectionViewStatus = ConnectionStatus | 'check_failed' | 'sandbox_stopped';

/** The setting that keeps a connection's last failed check (deleted when a check succeeds). */
export const checkSetting = (name: string) => `connection_check:${name}`;

/** A failed check, as kept in the store's settings. */
export interface FailedCheck {
  at: string;
  kind: string;
  message: string;
}

/** The masked form of a credentials object. */
export function credentialHints(credentials: Record<string, unknown>): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const [key, value] of Object.entries(credentials)) {
    if (typeof value === 'string' && value.length > 0) hints[key] = maskSecret(value);
  }
  return hints;
}

/** A connection record without its secrets. */
export function toView(record: ConnectionRecord): ConnectionView {
  return {
    name: record.name,
    connector: record.connector,
    isDefault: record.isDefault,
    sandbox: record.sandbox,
    status: record.status,
    credentialHints: credentialHints(record.credentials),
    options: record.options,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** A failed check as the store's setting keeps it; undefined when there is none (or it is unreadable). */
export function parseFailedCheck(value: string | undefined): FailedCheck | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<FailedCheck>;
    return typeof parsed.at === 'string' && typeof parsed.message === 'string'
      ? { at: parsed.at, kind: String(parsed.kind ?? 'internal'), message: parsed.message }
      : undefined;
  } catch {
    return undefined;
  }
}
