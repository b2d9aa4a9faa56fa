import { useCallback } from 'react';
import { useHostData } from '../host-data';
import { navigate } from '../router';
import type { Connection } from '../types';
import { connectWithPopup, type OAuthOutcome } from './oauth';

let pendingReplace: string | undefined;

/** Asks the Connections screen to open the "replace credentials" form for a connection. */
export function requestReplace(name: string): void {
  pendingReplace = name;
}

/** Takes the connection whose credentials the Connections screen should offer to replace. */
export function takeReplaceRequest(): string | undefined {
  const name = pendingReplace;
  pendingReplace = undefined;
  return name;
}

/**
 * Reconnects a connection: an OAuth one through the pop-up (then connections are reloaded), any
 * other by opening its "replace credentials" form on the Connections screen.
 */
export function useReconnect(): (connection: Connection) => Promise<OAuthOutcome | undefined> {
  const host = useHostData();
  return useCallback(
    async (connection: Connection) => {
      const connector = host.connector(connection.connector);
      if (
        connector?.auth.type === 'oauth2' &&
        connector.oauthConfigured !== false &&
        !connection.credentialHints.apiKey
      ) {
        const outcome = await connectWithPopup(connection.connector, connection.name);
        await host.refreshConnections();
        return outcome;
      }
      requestReplace(connection.name);
      navigate({ page: 'connections' });
      return undefined;
    },
    [host],
  );
}
