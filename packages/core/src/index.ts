/**
 * `@c/core`: what a connector author writes with (`defineConnector`, `defineCommand`, `defineTrigger`,
 * auth strategies, errors, `HttpClient` options, pagination, lookups, result views, webhook
 * signatures) and what a library user of a connector meets (run options, dry-run records, observers,
 * errors). What only a host needs is at `@c/core/internal`; lookups' resolution at `@c/core/lookup`.
 * `index.test.ts` pins this list: it grows on purpose.
 */
export type { AuthStrategy } from './auth/auth-strategy.js';
export {
  type OAuth2AuthOptions,
  type OAuthTokens,
  oauth2Auth,
  type RefreshCoordinator,
} from './auth/oauth2-auth.js';
export { basicAuth, bearerAuth, headerAuth } from './auth/simple-auth.js';
export { type ChoiceOption, choice } from './choice.js';
export {
  type Command,
  type CommandAnnotations,
  type CommandDefinition,
  type CommandHints,
  type CommandInput,
  type CommandResult,
  defineCommand,
  type JsonSchema,
  type Progress,
  parseWith,
  type RunOptions,
} from './command.js';
export { contextOf, defineConnector } from './connector.js';
export type {
  AuthDescriptor,
  ConnectConfig,
  Connector,
  ConnectorClient,
  ConnectorContext,
  ConnectorDefinition,
  ConnectorSimulator,
} from './connector-types.js';
export {
  type CustomActionOptions,
  type CustomActionResult,
  customActionResultSchema,
  defineCustomAction,
  guardPath,
} from './custom-action.js';
export {
  AuthError,
  ConnectorError,
  type ConnectorErrorOptions,
  ERROR_KINDS,
  type ErrorJson,
  type ErrorKind,
  errorFromStatus,
  InternalError,
  NetworkError,
  NotFoundError,
  PermissionError,
  ProviderError,
  RateLimitError,
  SignatureError,
  type SignatureFailure,
  type StatusErrorInput,
  TimeoutError,
  type TransportErrorOptions,
  toErrorJson,
  ValidationError,
} from './errors/index.js';
export {
  FILTER_FIELDS_KEY,
  type FilterField,
  type FilterFieldOption,
  type FilterFieldsKey,
  filterFieldProblems,
  filterFieldsMeta,
} from './filter-fields.js';
export { type HttpClientOptions, type HttpTuning, withTuning } from './http/client-options.js';
export { type FormValue, flattenForm } from './http/encode.js';
export { HttpClient } from './http/http-client.js';
export type { ErrorResponse, HttpRequest, HttpResponse, ResponseType } from './http/request.js';
export { defaultRetryPolicy, parseRetryAfter, type RetryPolicy, sleep } from './http/retry.js';
export {
  fillLookupInput,
  type Lookup,
  type LookupRequest,
  lookupProblems,
  lookupRequests,
} from './lookup.js';
export {
  collect,
  connectionPage,
  cursorListPage,
  type FetchPage,
  items,
  type Page,
  type PaginateOptions,
  pages,
  pageTokenPage,
} from './pagination.js';
export { registerSecret, Secret } from './redact.js';
export {
  type BarFields,
  type ChartPaths,
  type MoreHint,
  type ResultViewKind,
  type ResultViewMeta,
  type ResultViewOptions,
  resultView,
  type UnixTimeMeta,
  type UnixTimeUnit,
  unixTime,
} from './result-view.js';
export type {
  DryRunRequest,
  DryRunResult,
  ProviderCallInfo,
  ProviderCallObserver,
  RunObserver,
} from './run-context.js';
export type { Toolset } from './toolsets.js';
export {
  defineTrigger,
  type PollArgs,
  type PollResult,
  type ReplayGuard,
  type SubscribeArgs,
  type Subscription,
  type Trigger,
  type TriggerDefinition,
  type TriggerEvent,
  type TriggerKind,
  type WebhookRequest,
} from './trigger.js';
export {
  headerValue,
  hmacSha256Hex,
  safeEqualHex,
  signTimestamped,
  type VerifyTimestampedOptions,
  verifyTimestamped,
} from './webhook-signature.js';
export { lazySchema, type SchemaSource, type Zod, zod } from './zod-lazy.js';
