export {
  authenticationErrorBody,
  entityNotFound,
  forbiddenBody,
  internalErrorBody,
  invalidInput,
  type LinearErrorBody,
  type LinearErrorExtensions,
  rateLimitedBody,
} from './linear-errors.js';
export {
  graphqlHandler,
  type LinearBudget,
  type LinearFault,
  type LinearRateLimits,
  type LinearSimulatorState,
  linearContractCheck,
} from './linear-handlers.js';
export {
  ACCESS_TOKEN_TTL_SECONDS,
  LINEAR_SCOPES,
  LinearOAuth,
  type LinearOAuthClient,
  type LinearOAuthGrant,
  type LinearTokenResponse,
} from './linear-oauth.js';
export type {
  CommentRecord,
  CycleRecord,
  IssueRecord,
  LabelRecord,
  OrganizationRecord,
  ProjectRecord,
  ProjectStatusRecord,
  TeamRecord,
  UserRecord,
  WorkflowStateRecord,
} from './linear-records.js';
export {
  LINEAR_MAX_COMPLEXITY,
  type LinearSchemaStats,
  linearQueryComplexity,
  linearSchemaPath,
  linearSchemaStats,
  loadLinearSchema,
  validateLinearDocument,
} from './linear-schema.js';
export { LINEAR_SEED, seedLinearWorkspace, seedUuid } from './linear-seed.js';
export {
  issuesSimulator,
  LINEAR_STATE_VERSION,
  type LinearSimulatorCredentials,
  type LinearSimulatorOptions,
  type LinearSimulatorSnapshot,
  type RunningIssuesSimulator,
  startIssuesSimulator,
} from './linear-simulator.js';
export { LinearWorkspace, type WorkspaceInput } from './linear-workspace.js';
