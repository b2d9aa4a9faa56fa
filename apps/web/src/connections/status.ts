import type { Connection } from '../types';

/** How a connection's status reads on a badge and in a sentence. */
export interface StatusView {
  /** `ok` only for a connection that works as far as the host knows. */
  tone: 'ok' | 'warn' | 'error';
  /** The badge's words. */
  label: string;
  /** What to do about it (absent when all is well). */
  message?: string;
  /** Whether entering the credentials again is the fix. */
  reconnect: boolean;
}

/** The badge and explanation for a connection's status; never "Connected" unless it is `ok`. */
export function statusView(connection: Pick<Connection, 'name' | 'status' | 'statusMessage'>): StatusView {
  switch (connection.status) {
    case 'ok':
      return { tone: 'ok', label: 'Connected', reconnect: false };
    case 'needs_reconnect':
      return {
        tone: 'warn',
        label: 'Needs reconnect',
        message:
          connection.statusMessage ?? 'The provider refused these credentials: reconnect or replace the key.',
        reconnect: true,
      };
    case 'unreadable':
      return {
        tone: 'warn',
        label: 'Unreadable: reconnect',
        message:
          connection.statusMessage ??
          'The credentials were saved under another secret key and cannot be read: enter them again.',
        reconnect: true,
      };
    case 'check_failed':
      return {
        tone: 'error',
        label: 'Check failed',
        message: connection.statusMessage ?? 'The last check of this connection failed: test it again.',
        reconnect: false,
      };
    case 'sandbox_stopped':
      // The host's message names the command to start; the fallback does too.
      return {
        tone: 'warn',
        label: 'Sandbox stopped',
        message:
          connection.statusMessage ??
          `The sandbox is not running: start \`c-host serve --sandbox\` to use ${connection.name}.`,
        reconnect: false,
      };
    default:
      // A status a newer host added: say so rather than pretend it works.
      return {
        tone: 'warn',
        label: String(connection.status),
        ...(connection.statusMessage ? { message: connection.statusMessage } : {}),
        reconnect: false,
      };
  }
}
