import type { ConnectionManager } from '../connections/connection-manager.js';
import type { Registry } from '../registry.js';
import type { Runner } from '../run/runner.js';
import type { TriggerService } from '../triggers/trigger-service.js';

/** What the MCP server needs from the host. */
export interface McpHost {
  registry: Registry;
  connections: Pick<ConnectionManager, 'list'>;
  /** The run pipeline a tool call goes through, as every surface's runs do. */
  runner: Pick<Runner, 'check' | 'run'>;
  /**
   * With it (and a connector with triggers, and no `tools` selection), the server also offers
   * `list_subscriptions` and `read_events` (see `TRIGGER_TOOLS`).
   */
  triggers?: TriggerService | undefined;
}

/** Which tools a server offers and how large its results may be (`c-host mcp` flags, `/mcp` query). */
export interface McpOptions {
  /** Only the tools that change nothing. */
  readOnly?: boolean | undefined;
  /** Ids, tool names and globs (`<connector>.*`, `<connector>.<key>`); every tool when absent. */
  tools?: string[] | undefined;
  /**
   * Toolsets to list (`core`, the default with discovery; `all`, `<connector>`, `<connector>.<toolset>`);
   * `--tools` and `--read-only` narrow them.
   */
  toolsets?: string[] | undefined;
  /** At most this many bytes of JSON per tool result (instead of the token bound, or beside it). */
  maxResultBytes?: number | undefined;
  /** At most about this many tokens per tool result, estimated from size (default 25,000). */
  maxResultTokens?: number | undefined;
  /**
   * Destructive tools run without asking the person when their client cannot be asked
   * (`--allow-destructive`, `C_HOST_MCP_ALLOW_DESTRUCTIVE`, `/mcp?allowDestructive=1`). A client with
   * elicitation is asked all the same.
   */
  allowDestructive?: boolean | undefined;
}

/** Arguments every tool takes besides its command's own parameters. */
export const CONNECTION_ARGUMENT = 'connection';
export const KEY_ARGUMENT = 'idempotencyKey';
