export { AccessControl, randomToken, sha256 } from './access.js';
export {
  DEFAULT_PORT,
  defaultDataDir,
  type HostConfig,
  type HostFlags,
  isLoopback,
  resolveConfig,
} from './config.js';
export {
  type ConnectionInput,
  ConnectionManager,
  type ConnectionView,
  credentialHints,
  ENV_CONNECTION,
  envConnection,
  type ManagedRunOptions,
  toView,
} from './connections/connection-manager.js';
export {
  OAuthCallbackError,
  type OAuthClientConfig,
  OAuthFlow,
  oauthConfigFromEnv,
} from './connections/oauth.js';
export { type ConnectorLoader, connectorIds, connectorLoaders, loadConnectors } from './connectors.js';
export { type Host, type OpenHostOptions, openHost, openStore } from './host.js';
export { statusOf } from './http/errors.js';
export { buildOpenApi } from './http/openapi.js';
export { createHttpServer, type HttpServerOptions } from './http/server.js';
export { createMcpServer, type McpHost, toolsOf } from './mcp/mcp-server.js';
export { hostVersion } from './paths.js';
export { type RegisteredCommand, Registry, unknownCommandError } from './registry.js';
export { type Sandbox, sandboxConnectionName, startSandbox } from './sandbox/sandbox.js';
export {
  ConnectionExistsError,
  type ConnectionRecord,
  type ConnectionStatus,
  type ConnectionStore,
  type CredentialsUpdate,
  type LockOptions,
  type NewConnection,
  type ResealReport,
  type SlotOptions,
  type StoreReadiness,
} from './store/connection-store.js';
export type { PostgresConnectionStore, PostgresStoreOptions } from './store/postgres-store.js';
export { SecretBox, UnreadableSecretError } from './store/secret-box.js';
export { DATABASE_FILE, SqliteConnectionStore, type SqliteStoreOptions } from './store/sqlite-store.js';
export {
  type CommandDetail,
  type CommandSummary,
  type ConnectorSummary,
  commandDetail,
  commandSummary,
  connectorSummary,
} from './views.js';
