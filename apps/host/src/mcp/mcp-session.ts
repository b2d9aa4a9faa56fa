import { createHash, randomUUID } from 'node:crypto';
import type { SettingStore } from '../store/setting-store.js';

/**
 * One MCP session: the toolsets an agent enabled, beside those the server lists anyway, and whether
 * its client said at `initialize` that the person can be asked (elicitation), which a stateless
 * HTTP server answering a later request cannot know otherwise.
 */
export interface ToolsetSession {
  /** The ids enabled so far, in the order they were enabled. */
  enabled(): Promise<string[]>;
  /** Adds toolsets for the rest of the session. */
  enable(ids: readonly string[]): Promise<void>;
  /** Whether the client takes form elicitation, as it said at `initialize` (false when unknown). */
  canAsk(): Promise<boolean>;
  /** Keeps what the client said at `initialize`. */
  rememberCanAsk(canAsk: boolean): Promise<void>;
}

/** A session held by the server itself: stdio, where one process serves one client. */
export function memorySession(): ToolsetSession {
  const ids: string[] = [];
  let asks = false;
  return {
    enabled: async () => [...ids],
    enable: async (more) => {
      for (const id of more) if (!ids.includes(id)) ids.push(id);
    },
    canAsk: async () => asks,
    rememberCanAsk: async (canAsk) => {
      asks = canAsk;
    },
  };
}

/** What the store keeps of a session (an array: the toolsets alone, as kept before elicitation). */
interface StoredSession {
  toolsets: string[];
  canAsk: boolean;
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
  const read = async (): Promise<StoredSession> => {
    const value = await settings.getEphemeral(SESSION_KIND, key);
    const parsed: unknown = value === undefined ? undefined : JSON.parse(value);
    const record = (Array.isArray(parsed) ? { toolsets: parsed } : (parsed ?? {})) as Record<string, unknown>;
    const toolsets = Array.isArray(record.toolsets) ? record.toolsets : [];
    return {
      toolsets: toolsets.filter((id): id is string => typeof id === 'string'),
      canAsk: record.canAsk === true,
    };
  };
  const write = (record: StoredSession) =>
    settings.putEphemeral(SESSION_KIND, key, JSON.stringify(record), Date.now() + SESSION_TTL_MS);
  return {
    enabled: async () => (await read()).toolsets,
    enable: async (more) => {
      const record = await read();
      for (const id of more) if (!record.toolsets.includes(id)) record.toolsets.push(id);
      await write(record);
    },
    canAsk: async () => (await read()).canAsk,
    rememberCanAsk: async (canAsk) => write({ ...(await read()), canAsk }),
  };
}
