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
export {
  type CheckedRun,
  type ManagedRunOptions,
  type RunHandlers,
  Runner,
  type RunRequest,
} from './run/runner.js';
export { type Sandbox, sandboxConnectionName, startSandbox } from './sandbox/sandbox.js';
export type { AuditEntry, AuditQuery, AuditStore, NewAuditEntry } from './store/audit-store.js';
export {
  ConnectionExistsError,
  type ConnectionRecord,
  type ConnectionStatus,
  type ConnectionStore,
  type CredentialsUpdate,
  type NewConnection,
} from './store/connection-store.js';
export type { FailureStore } from './store/failure-store.js';
export type { HostStore, ResealReport, StoreReadiness } from './store/host-store.js';
export type { LockOptions, LockStore, SlotOptions } from './store/lock-store.js';
export type { PostgresHostStore, PostgresStoreOptions } from './store/postgres-store.js';
export type { RunRecord, RunStatus, RunStore } from './store/run-store.js';
export { SecretBox, UnreadableSecretError } from './store/secret-box.js';
export type { SettingStore } from './store/setting-store.js';
export { DATABASE_FILE, SqliteHostStore, type SqliteStoreOptions } from './store/sqlite-store.js';
export type { TriggerStore } from './store/trigger-store.js';
export {
  type CommandDetail,
  type CommandSummary,
  type ConnectorSummary,
  commandDetail,
  commandSummary,
  connectorSummary,
} from './views.js';
