import { createHash, randomUUID } from 'node:crypto';
import type { SettingStore } from '../store/setting-store.js';

/** The toolsets an agent enabled in one MCP session, beside those the server lists anyway. */
export interface ToolsetSession {
  /** The ids enabled so far, in the order they were enabled. */
  enabled(): Promise<string[]>;
  /** Adds toolsets for the rest of the session. */
  enable(ids: readonly string[]): Promise<void>;
}

/** A session held by the server itself: stdio, where one process serves one client. */
export function memorySession(): ToolsetSession {
  const ids: string[] = [];
  return {
    enabled: async () => [...ids],
    enable: async (more) => {
      for (const id of more) if (!ids.includes(id)) ids.push(id);
    },
  };
}

/** How long an HTTP session's enabled toolsets are kept after its last change. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** The store's kind for them. */
const SESSION_KIND = 'mcp_session';

/** A session id the host minted: a UUID, as the `Mcp-Session-Id` header carries it. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new session id for an `initialize` answer. */
export const newSessionId = (): string => randomUUID();

/** Whether a client's `Mcp-Session-Id` could be one the host minted (anything else is ignored). */
export const isSessionId = (value: unknown): value is string =>
  typeof value === 'string' && SESSION_ID.test(value);

/**
 * A session kept in the host's store under its id's hash (streamable HTTP serves each request with
 * a fresh server, and in a fleet another instance may answer the next one). An unknown or expired
 * id has nothing enabled.
 */
export function storedSession(
  settings: Pick<SettingStore, 'getEphemeral' | 'putEphemeral'>,
  sessionId: string,
): ToolsetSession {
  const key = createHash('sha256').update(sessionId).digest('hex');
  const read = async (): Promise<string[]> => {
    const value = await settings.getEphemeral(SESSION_KIND, key);
    if (value === undefined) return [];
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  };
  return {
    enabled: read,
    enable: async (more) => {
      const ids = await read();
      for (const id of more) if (!ids.includes(id)) ids.push(id);
      await settings.putEphemeral(SESSION_KIND, key, JSON.stringify(ids), Date.now() + SESSION_TTL_MS);
    },
  };
}
