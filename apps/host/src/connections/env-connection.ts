import type { Connector } from '@c/core';
import type { ConnectionRecord } from '../store/connection-store.js';

/** The name of the implicit connection made from a connector's environment variables. */
export const ENV_CONNECTION = 'env';

/** The connection a connector's environment variables describe, if any credential is set. */
export function envConnection(connector: Connector, env: NodeJS.ProcessEnv): ConnectionRecord | undefined {
  const credentials: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  for (const [variable, target] of Object.entries(connector.env ?? {})) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (target.startsWith('credentials.')) credentials[target.slice('credentials.'.length)] = value;
    else options[target] = value;
  }
  if (Object.keys(credentials).length === 0) return undefined;
  const epoch = new Date(0).toISOString();
  return {
    name: ENV_CONNECTION,
    connector: connector.id,
    credentials,
    options,
    isDefault: false,
    sandbox: false,
    status: 'ok',
    createdAt: epoch,
    updatedAt: epoch,
  };
}
