import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ConnectorInfo } from '../types';

const packages = fileURLToPath(new URL('../../../../packages/', import.meta.url));

/**
 * What the web's tests read of a connector package's export: its commands, and the auth and `env`
 * that `GET /api/connectors` serves as they are.
 */
export interface WorkspaceConnector {
  id: string;
  title: string;
  auth: ConnectorInfo['auth'];
  env?: Record<string, string> | undefined;
  list: {
    key: string;
    inputSchema: Record<string, unknown>;
    outputSchema?: Record<string, unknown> | undefined;
  }[];
}

function isConnector(value: unknown): value is WorkspaceConnector {
  const candidate = value as Partial<WorkspaceConnector> | null;
  return (
    typeof candidate?.id === 'string' && typeof candidate.title === 'string' && Array.isArray(candidate.list)
  );
}

/**
 * Every connector of the workspace, from each package's entry point (a new package is found without
 * being named). Imported by path, untyped: the packages' sources are not part of the web's
 * typecheck.
 */
export async function workspaceConnectors(): Promise<WorkspaceConnector[]> {
  const found: WorkspaceConnector[] = [];
  for (const entry of readdirSync(packages, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'core') continue;
    const index = join(packages, entry.name, 'src', 'index.ts');
    const module = (await import(/* @vite-ignore */ pathToFileURL(index).href)) as Record<string, unknown>;
    found.push(...Object.values(module).filter(isConnector));
  }
  return found;
}
