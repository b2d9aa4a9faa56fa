export type { AuthStrategy } from './auth/auth-strategy.js';
export {
  type OAuth2AuthOptions,
  type OAuthTokens,
  oauth2Auth,
  type RefreshCoordinator,
} from './auth/oauth2-auth.js';
export { basicAuth, bearerAuth, headerAuth } from './auth/simple-auth.js';
export { type ChoiceOption, choice, choiceLabels } from './choice.js';
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
  toValidationError,
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
  guardHeaders,
  guardPath,
  shapeCustomResult,
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
export { joinPath, parseHttpUrl } from './http/base-url.js';
export { type HttpClientOptions, type HttpTuning, withTuning } from './http/client-options.js';
export type { ConcurrencySlots } from './http/concurrency.js';
export { encodeForm, encodeQuery, type FormValue, flattenForm } from './http/encode.js';
export { HttpClient } from './http/http-client.js';
export type { ErrorResponse, HttpRequest, HttpResponse, ResponseType } from './http/request.js';
export { backoffDelay, defaultRetryPolicy, parseRetryAfter, type RetryPolicy, sleep } from './http/retry.js';
export {
  checkLookup,
  fillLookupInput,
  type Lookup,
  type LookupChoice,
  type LookupRequest,
  lookupChoices,
  lookupParameters,
  lookupProblems,
  lookupReady,
  lookupRequestFor,
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
export { maskSecret, redact, redactDeep, registerSecret, Secret } from './redact.js';
export {
  type BarFields,
  type ChartPaths,
  type MoreHint,
  RESULT_VIEW_KEYWORDS,
  type ResultViewKind,
  type ResultViewMeta,
  type ResultViewOptions,
  resultView,
  type UnixTimeMeta,
  type UnixTimeUnit,
  unixTime,
} from './result-view.js';
export { checkIdempotencyKey } from './run-command.js';
export type {
  DryRunRequest,
  DryRunResult,
  ProviderCallInfo,
  ProviderCallObserver,
  RunObserver,
} from './run-context.js';
export { CORE_TOOLSET, checkToolsets, type Toolset } from './toolsets.js';
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
