import type { Connector } from '@c/core';

/** Imports one connector's package and returns its connector. */
export type ConnectorLoader = () => Promise<Connector>;

/**
 * The connectors this host serves, each loaded on demand: `c-host run payments.…` imports only the
 * payments package, which keeps the CLI's cold start small. This is the one place in the host that
 * names connectors: everything else reads the registry built from them (see ARCHITECTURE.md,
 * "Adding a fifth connector").
 */
export const connectorLoaders: Record<string, ConnectorLoader> = {
  payments: async () => (await import('@c/payments')).payments,
  analytics: async () => (await import('@c/analytics')).analytics,
  issues: async () => (await import('@c/issues')).issues,
  docs: async () => (await import('@c/docs')).docs,
};

/** The connector ids, in the order every listing uses. */
export const connectorIds = Object.keys(connectorLoaders);

/**
 * Serves one more connector in this process, after the ones above, on every surface that loads
 * connectors from here (the CLI included). It exists for the test that proves a connector needs
 * nothing else in the host: `fifth-connector.test.ts` calls it through `test-support/fifth-connector.ts`,
 * which it also preloads into the CLI processes it starts (`node --import`). A connector the product
 * ships is a line of `connectorLoaders` instead.
 */
export function addConnector(id: string, load: ConnectorLoader): void {
  if (Object.hasOwn(connectorLoaders, id)) throw new Error(`Connector "${id}" is already served`);
  connectorLoaders[id] = load;
  connectorIds.push(id);
}

/**
 * Loads the named connectors (all of them by default), in the standard order. Each must carry the
 * id it is listed under: the CLI picks the package to import by a command id's prefix.
 */
export async function loadConnectors(ids: readonly string[] = connectorIds): Promise<Connector[]> {
  const wanted = connectorIds.filter((id) => ids.includes(id));
  return Promise.all(
    wanted.map(async (id) => {
      const connector = await connectorLoaders[id]!();
      if (connector.id !== id)
        throw new Error(`The connector listed as "${id}" has the id "${connector.id}"`);
      return connector;
    }),
  );
}
