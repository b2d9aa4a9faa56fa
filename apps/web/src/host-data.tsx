import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, errorOf } from './api';
import type { CommandSummary, Connection, ConnectorInfo, ErrorJson, SandboxView } from './types';

/** What every screen reads: the catalogue and the saved connections. */
export interface HostData {
  connectors: ConnectorInfo[];
  commands: CommandSummary[];
  connections: Connection[];
  /**
   * The sandbox's base URLs, keys and environment variables (`GET /api/sandbox`), read with the
   * connections; undefined until read, or when the host could not say (nothing else depends on it).
   */
  sandbox: SandboxView | undefined;
  loading: boolean;
  error: ErrorJson | undefined;
  refreshConnections(): Promise<void>;
  connector(id: string): ConnectorInfo | undefined;
}

const HostContext = createContext<HostData | undefined>(undefined);

/** Loads the catalogue once and the connections on demand. */
export function HostDataProvider({ children }: { children: ReactNode }) {
  const [connectors, setConnectors] = useState<ConnectorInfo[]>([]);
  const [commands, setCommands] = useState<CommandSummary[]>([]);
  const [connections, setConnections] = useState<Connection[]>([]);
  const [sandbox, setSandbox] = useState<SandboxView | undefined>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ErrorJson | undefined>();

  const refreshSandbox = useCallback(async () => {
    // A panel and the snippets' values: without them every screen still works.
    setSandbox(await api.sandbox().catch(() => undefined));
  }, []);

  const refreshConnections = useCallback(async () => {
    try {
      setConnections(await api.connections());
    } catch (cause) {
      setError(errorOf(cause));
    }
    await refreshSandbox();
  }, [refreshSandbox]);

  useEffect(() => {
    let live = true;
    void refreshSandbox();
    Promise.all([api.connectors(), api.commands(), api.connections()])
      .then(([connectorList, commandList, connectionList]) => {
        if (!live) return;
        setConnectors(connectorList);
        setCommands(commandList);
        setConnections(connectionList);
      })
      .catch((cause: unknown) => live && setError(errorOf(cause)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [refreshSandbox]);

  const value = useMemo<HostData>(
    () => ({
      connectors,
      commands,
      connections,
      sandbox,
      loading,
      error,
      refreshConnections,
      connector: (id) => connectors.find((entry) => entry.id === id),
    }),
    [connectors, commands, connections, sandbox, loading, error, refreshConnections],
  );
  return <HostContext.Provider value={value}>{children}</HostContext.Provider>;
}

/** The host's catalogue and connections. */
export function useHostData(): HostData {
  const value = useContext(HostContext);
  if (!value) throw new Error('useHostData needs a HostDataProvider');
  return value;
}
