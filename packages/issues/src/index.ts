export { archiveIssue } from './commands/archive-issue.js';
// The exact documents Create Issue and Search Issue send, for baselines that must send the same
// bytes (the bench's raw undici client); every other document stays internal.
export { CREATE_ISSUE_MUTATION, createIssue } from './commands/create-issue.js';
export { createProject } from './commands/create-project.js';
export { createSubIssue } from './commands/create-sub-issue.js';
export { customGraphqlAction } from './commands/custom-graphql-action.js';
export { deleteIssue } from './commands/delete-issue.js';
export { deleteProject } from './commands/delete-project.js';
export { getIssueById } from './commands/get-issue-by-id.js';
export { getIssueByIdentifier } from './commands/get-issue-by-identifier.js';
export { getProjectById } from './commands/get-project-by-id.js';
export { SEARCH_ISSUES_QUERY, searchIssues } from './commands/search-issues.js';
export { searchTeams } from './commands/search-teams.js';
export { updateIssue } from './commands/update-issue.js';
export { updateProject } from './commands/update-project.js';
export { issues } from './issues-connector.js';
export { ISSUES_SCHEMA_VERSION } from './issues-documents.js';
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
  type IssueEventState,
  issueEvent,
  LINEAR_RESOURCE_TYPES,
  LINEAR_WEBHOOK_TOLERANCE_MS,
  type LinearWebhookPayload,
  type VerifyLinearWebhookOptions,
  verifyLinearWebhook,
} from './triggers/issue-event.js';
