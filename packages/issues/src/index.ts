export { ARCHIVE_ISSUE_MUTATION, archiveIssue } from './commands/archive-issue.js';
export { CREATE_ISSUE_MUTATION, createIssue } from './commands/create-issue.js';
export { CREATE_PROJECT_MUTATION, createProject } from './commands/create-project.js';
export { CREATE_SUB_ISSUE_MUTATION, createSubIssue, PARENT_TEAM_QUERY } from './commands/create-sub-issue.js';
export { customGraphqlAction } from './commands/custom-graphql-action.js';
export { DELETE_ISSUE_MUTATION, deleteIssue } from './commands/delete-issue.js';
export { DELETE_PROJECT_MUTATION, deleteProject } from './commands/delete-project.js';
export { GET_ISSUE_BY_ID_QUERY, getIssueById } from './commands/get-issue-by-id.js';
export { GET_ISSUE_BY_IDENTIFIER_QUERY, getIssueByIdentifier } from './commands/get-issue-by-identifier.js';
export { GET_PROJECT_QUERY, getProjectById } from './commands/get-project-by-id.js';
export { SEARCH_ISSUES_QUERY, searchIssues } from './commands/search-issues.js';
export { SEARCH_TEAMS_QUERY, searchTeams } from './commands/search-teams.js';
export { UPDATE_ISSUE_MUTATION, updateIssue } from './commands/update-issue.js';
export { UPDATE_PROJECT_MUTATION, updateProject } from './commands/update-project.js';
export {
  createLinearHttpClient,
  type GraphqlCallOptions,
  type GraphqlRequest,
  type GraphqlResponse,
  type LinearCredentials,
  LinearGraphqlClient,
  type LinearGraphqlError,
  linearErrorFrom,
  linearRetryAfterMs,
  type NotFoundRule,
  parseLinearError,
} from './issues-client.js';
export { issues, LINEAR_AUTHORIZATION_URL, LINEAR_BASE_URL, LINEAR_TOKEN_URL } from './issues-connector.js';
export type { IssuesContext } from './issues-context.js';
export type {
  LinearDeleteResult,
  LinearGraphqlData,
  LinearIssue,
  LinearIssuePage,
  LinearPageInfo,
  LinearProject,
  LinearTeam,
  LinearTeamList,
} from './issues-schemas.js';
export {
  defineOperation,
  type GraphqlOperation,
  ISSUE_FIELDS,
  LINEAR_SCHEMA_VERSION,
  PROJECT_FIELDS,
  VIEWER_QUERY,
} from './linear-documents.js';
export { LINEAR_INPUT_TYPES, type LinearInputTypeName } from './linear-input-types.js';
