/**
 * The host's HTTP API as the UI sees it (all JSON, same origin, session cookie): the types the host
 * infers from its own zod schemas (`@c/host/api`), so the UI and the host cannot disagree on a shape.
 * Type imports only: nothing of the host reaches the bundle.
 */
export type {
  AuthDescriptor,
  CommandDetail,
  CommandHints as CommandAnnotations,
  CommandSummary,
  ConnectionStatus,
  ConnectionView as Connection,
  ConnectorSummary as ConnectorInfo,
  ErrorJson,
  ErrorKind,
  EventView as TriggerEvent,
  HistoryRunView as HistoryRun,
  JsonSchema,
  Lookup as CommandLookup,
  OAuthMessage,
  RunEvent,
  RunHistoryPage as HistoryPage,
  RunProgress,
  RunStatus,
  RunView,
  SandboxEntry,
  SandboxView,
  SubscriptionView as SubscriptionInfo,
  TriggerSummary as TriggerInfo,
} from '@c/host/api';
