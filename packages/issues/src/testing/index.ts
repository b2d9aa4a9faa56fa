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
  createLinearSimulator,
  type IssuesSandbox,
  // The provider's name for the same things, as the hardening suite imports them.
  type IssuesSandbox as LinearSandbox,
  type LinearSimulatorOptions,
  type LinearSimulatorParts,
  startIssuesSimulator,
  startIssuesSimulator as startLinearSimulator,
} from './linear-simulator.js';
export { LinearWorkspace, type WorkspaceInput } from './linear-workspace.js';
