import type { Connector } from '@c/core';

/**
 * The four connectors, each loaded on demand: `c-host run payments.…` imports only the payments
 * package, which keeps the CLI's cold start small.
 */
export const connectorLoaders: Record<string, () => Promise<Connector>> = {
  payments: async () => (await import('@c/payments')).payments as unknown as Connector,
  analytics: async () => (await import('@c/analytics')).analytics as unknown as Connector,
  issues: async () => (await import('@c/issues')).issues as unknown as Connector,
  docs: async () => (await import('@c/docs')).docs as unknown as Connector,
};

/** The connector ids, in the order every listing uses. */
export const connectorIds = Object.keys(connectorLoaders);

/** Loads the named connectors (all of them by default), in the standard order. */
export async function loadConnectors(ids: readonly string[] = connectorIds): Promise<Connector[]> {
  const wanted = connectorIds.filter((id) => ids.includes(id));
  return Promise.all(wanted.map((id) => connectorLoaders[id]!()));
}
