import type { CommandInput, CommandResult } from '@c/core';
import { addIssueLabel } from './commands/add-issue-label.js';
import { addProjectToInitiative } from './commands/add-project-to-initiative.js';
import { archiveIssue } from './commands/archive-issue.js';
import { archiveProject } from './commands/archive-project.js';
import { createAttachment } from './commands/create-attachment.js';
import { createComment } from './commands/create-comment.js';
import { createDocument } from './commands/create-document.js';
import { createInitiative } from './commands/create-initiative.js';
// The exact documents Create Issue and Search Issue send, for baselines that must send the same
// bytes (the bench's raw undici client); every other document stays internal.
import { CREATE_ISSUE_MUTATION, createIssue } from './commands/create-issue.js';
import { createIssueRelation } from './commands/create-issue-relation.js';
import { createLabel } from './commands/create-label.js';
import { createProject } from './commands/create-project.js';
import { createProjectMilestone } from './commands/create-project-milestone.js';
import { createProjectUpdate } from './commands/create-project-update.js';
import { createReaction } from './commands/create-reaction.js';
import { createSubIssue } from './commands/create-sub-issue.js';
import { customGraphqlAction } from './commands/custom-graphql-action.js';
import { deleteAttachment } from './commands/delete-attachment.js';
import { deleteComment } from './commands/delete-comment.js';
import { deleteDocument } from './commands/delete-document.js';
import { deleteIssue } from './commands/delete-issue.js';
import { deleteIssueRelation } from './commands/delete-issue-relation.js';
import { deleteProject } from './commands/delete-project.js';
import { getCycle } from './commands/get-cycle.js';
import { getDocument } from './commands/get-document.js';
import { getIssueById } from './commands/get-issue-by-id.js';
import { getIssueByIdentifier } from './commands/get-issue-by-identifier.js';
import { getIssueRelations } from './commands/get-issue-relations.js';
import { getProjectById } from './commands/get-project-by-id.js';
import { getTeam } from './commands/get-team.js';
import { getUser } from './commands/get-user.js';
import { getViewer } from './commands/get-viewer.js';
import { listAttachments } from './commands/list-attachments.js';
import { listComments } from './commands/list-comments.js';
import { listCycles } from './commands/list-cycles.js';
import { listInitiatives } from './commands/list-initiatives.js';
import { listLabels } from './commands/list-labels.js';
import { listProjectMilestones } from './commands/list-project-milestones.js';
import { listProjectUpdates } from './commands/list-project-updates.js';
import { listProjects } from './commands/list-projects.js';
import { listTeamMembers } from './commands/list-team-members.js';
import { listTemplates } from './commands/list-templates.js';
import { listUsers } from './commands/list-users.js';
import { listWorkflowStates } from './commands/list-workflow-states.js';
import { removeIssueLabel } from './commands/remove-issue-label.js';
import { resolveComment } from './commands/resolve-comment.js';
import { searchDocuments } from './commands/search-documents.js';
import { SEARCH_ISSUES_QUERY, searchIssues } from './commands/search-issues.js';
import { searchTeams } from './commands/search-teams.js';
import { unarchiveIssue } from './commands/unarchive-issue.js';
import { updateComment } from './commands/update-comment.js';
import { updateDocument } from './commands/update-document.js';
import { updateInitiative } from './commands/update-initiative.js';
import { updateIssue } from './commands/update-issue.js';
import { updateProject } from './commands/update-project.js';

export { ISSUES_API_VERSION, type IssuesContext } from './issues-client.js';
export { type IssuesClient, issues } from './issues-connector.js';
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
export type { LinearComment, LinearCommentPage, LinearReaction } from './schemas/comments.js';
export type { LinearDocument, LinearDocumentPage } from './schemas/documents.js';
export type {
  LinearInitiative,
  LinearInitiativePage,
  LinearInitiativeToProject,
} from './schemas/initiatives.js';
export type { LinearIssueLabels, LinearLabel, LinearLabelPage } from './schemas/labels.js';
export type {
  LinearAttachment,
  LinearAttachmentPage,
  LinearIssueRelation,
  LinearIssueRelationList,
} from './schemas/links.js';
export type {
  LinearTeamDetail,
  LinearUser,
  LinearUserPage,
  LinearWorkflowStatePage,
} from './schemas/people.js';
export type {
  LinearCycle,
  LinearCycleDetail,
  LinearCyclePage,
  LinearProjectPage,
  LinearTemplateList,
} from './schemas/planning.js';
export type {
  LinearProjectMilestone,
  LinearProjectMilestonePage,
  LinearProjectUpdate,
  LinearProjectUpdatePage,
} from './schemas/project-plans.js';
export {
  type IssueEventState,
  issueEvent,
  LINEAR_RESOURCE_TYPES,
  LINEAR_WEBHOOK_TOLERANCE_MS,
  type LinearWebhookPayload,
  type VerifyLinearWebhookOptions,
  verifyLinearWebhook,
} from './triggers/issue-event.js';
export {
  addIssueLabel,
  addProjectToInitiative,
  archiveIssue,
  archiveProject,
  CREATE_ISSUE_MUTATION,
  createAttachment,
  createComment,
  createDocument,
  createInitiative,
  createIssue,
  createIssueRelation,
  createLabel,
  createProject,
  createProjectMilestone,
  createProjectUpdate,
  createReaction,
  createSubIssue,
  customGraphqlAction,
  deleteAttachment,
  deleteComment,
  deleteDocument,
  deleteIssue,
  deleteIssueRelation,
  deleteProject,
  getCycle,
  getDocument,
  getIssueById,
  getIssueByIdentifier,
  getIssueRelations,
  getProjectById,
  getTeam,
  getUser,
  getViewer,
  listAttachments,
  listComments,
  listCycles,
  listInitiatives,
  listLabels,
  listProjectMilestones,
  listProjects,
  listProjectUpdates,
  listTeamMembers,
  listTemplates,
  listUsers,
  listWorkflowStates,
  removeIssueLabel,
  resolveComment,
  SEARCH_ISSUES_QUERY,
  searchDocuments,
  searchIssues,
  searchTeams,
  unarchiveIssue,
  updateComment,
  updateDocument,
  updateInitiative,
  updateIssue,
  updateProject,
};

/** What a caller passes to ArchiveIssue. */
export type ArchiveIssueInput = CommandInput<typeof archiveIssue>;
/** What ArchiveIssue returns. */
export type ArchiveIssueResult = CommandResult<typeof archiveIssue>;
/** What a caller passes to CreateIssue. */
export type CreateIssueInput = CommandInput<typeof createIssue>;
/** What CreateIssue returns. */
export type CreateIssueResult = CommandResult<typeof createIssue>;
/** What a caller passes to CreateProject. */
export type CreateProjectInput = CommandInput<typeof createProject>;
/** What CreateProject returns. */
export type CreateProjectResult = CommandResult<typeof createProject>;
/** What a caller passes to CreateSubIssue. */
export type CreateSubIssueInput = CommandInput<typeof createSubIssue>;
/** What CreateSubIssue returns. */
export type CreateSubIssueResult = CommandResult<typeof createSubIssue>;
/** What a caller passes to CustomGraphqlAction. */
export type CustomGraphqlActionInput = CommandInput<typeof customGraphqlAction>;
/** What CustomGraphqlAction returns. */
export type CustomGraphqlActionResult = CommandResult<typeof customGraphqlAction>;
/** What a caller passes to DeleteIssue. */
export type DeleteIssueInput = CommandInput<typeof deleteIssue>;
/** What DeleteIssue returns. */
export type DeleteIssueResult = CommandResult<typeof deleteIssue>;
/** What a caller passes to DeleteProject. */
export type DeleteProjectInput = CommandInput<typeof deleteProject>;
/** What DeleteProject returns. */
export type DeleteProjectResult = CommandResult<typeof deleteProject>;
/** What a caller passes to GetIssueById. */
export type GetIssueByIdInput = CommandInput<typeof getIssueById>;
/** What GetIssueById returns. */
export type GetIssueByIdResult = CommandResult<typeof getIssueById>;
/** What a caller passes to GetIssueByIdentifier. */
export type GetIssueByIdentifierInput = CommandInput<typeof getIssueByIdentifier>;
/** What GetIssueByIdentifier returns. */
export type GetIssueByIdentifierResult = CommandResult<typeof getIssueByIdentifier>;
/** What a caller passes to GetProjectById. */
export type GetProjectByIdInput = CommandInput<typeof getProjectById>;
/** What GetProjectById returns. */
export type GetProjectByIdResult = CommandResult<typeof getProjectById>;
/** What a caller passes to SearchIssues. */
export type SearchIssuesInput = CommandInput<typeof searchIssues>;
/** What SearchIssues returns. */
export type SearchIssuesResult = CommandResult<typeof searchIssues>;
/** What a caller passes to SearchTeams. */
export type SearchTeamsInput = CommandInput<typeof searchTeams>;
/** What SearchTeams returns. */
export type SearchTeamsResult = CommandResult<typeof searchTeams>;
/** What a caller passes to UpdateIssue. */
export type UpdateIssueInput = CommandInput<typeof updateIssue>;
/** What UpdateIssue returns. */
export type UpdateIssueResult = CommandResult<typeof updateIssue>;
/** What a caller passes to UpdateProject. */
export type UpdateProjectInput = CommandInput<typeof updateProject>;
/** What UpdateProject returns. */
export type UpdateProjectResult = CommandResult<typeof updateProject>;
/** What a caller passes to CreateComment. */
export type CreateCommentInput = CommandInput<typeof createComment>;
/** What CreateComment returns. */
export type CreateCommentResult = CommandResult<typeof createComment>;
/** What a caller passes to UpdateComment. */
export type UpdateCommentInput = CommandInput<typeof updateComment>;
/** What UpdateComment returns. */
export type UpdateCommentResult = CommandResult<typeof updateComment>;
/** What a caller passes to DeleteComment. */
export type DeleteCommentInput = CommandInput<typeof deleteComment>;
/** What DeleteComment returns. */
export type DeleteCommentResult = CommandResult<typeof deleteComment>;
/** What a caller passes to ListComments. */
export type ListCommentsInput = CommandInput<typeof listComments>;
/** What ListComments returns. */
export type ListCommentsResult = CommandResult<typeof listComments>;
/** What a caller passes to ResolveComment. */
export type ResolveCommentInput = CommandInput<typeof resolveComment>;
/** What ResolveComment returns. */
export type ResolveCommentResult = CommandResult<typeof resolveComment>;
/** What a caller passes to CreateReaction. */
export type CreateReactionInput = CommandInput<typeof createReaction>;
/** What CreateReaction returns. */
export type CreateReactionResult = CommandResult<typeof createReaction>;
/** What a caller passes to ListLabels. */
export type ListLabelsInput = CommandInput<typeof listLabels>;
/** What ListLabels returns. */
export type ListLabelsResult = CommandResult<typeof listLabels>;
/** What a caller passes to CreateLabel. */
export type CreateLabelInput = CommandInput<typeof createLabel>;
/** What CreateLabel returns. */
export type CreateLabelResult = CommandResult<typeof createLabel>;
/** What a caller passes to AddIssueLabel. */
export type AddIssueLabelInput = CommandInput<typeof addIssueLabel>;
/** What AddIssueLabel returns. */
export type AddIssueLabelResult = CommandResult<typeof addIssueLabel>;
/** What a caller passes to RemoveIssueLabel. */
export type RemoveIssueLabelInput = CommandInput<typeof removeIssueLabel>;
/** What RemoveIssueLabel returns. */
export type RemoveIssueLabelResult = CommandResult<typeof removeIssueLabel>;
/** What a caller passes to GetViewer. */
export type GetViewerInput = CommandInput<typeof getViewer>;
/** What GetViewer returns. */
export type GetViewerResult = CommandResult<typeof getViewer>;
/** What a caller passes to ListUsers. */
export type ListUsersInput = CommandInput<typeof listUsers>;
/** What ListUsers returns. */
export type ListUsersResult = CommandResult<typeof listUsers>;
/** What a caller passes to GetUser. */
export type GetUserInput = CommandInput<typeof getUser>;
/** What GetUser returns. */
export type GetUserResult = CommandResult<typeof getUser>;
/** What a caller passes to ListWorkflowStates. */
export type ListWorkflowStatesInput = CommandInput<typeof listWorkflowStates>;
/** What ListWorkflowStates returns. */
export type ListWorkflowStatesResult = CommandResult<typeof listWorkflowStates>;
/** What a caller passes to GetTeam. */
export type GetTeamInput = CommandInput<typeof getTeam>;
/** What GetTeam returns. */
export type GetTeamResult = CommandResult<typeof getTeam>;
/** What a caller passes to ListTeamMembers. */
export type ListTeamMembersInput = CommandInput<typeof listTeamMembers>;
/** What ListTeamMembers returns. */
export type ListTeamMembersResult = CommandResult<typeof listTeamMembers>;
/** What a caller passes to UnarchiveIssue. */
export type UnarchiveIssueInput = CommandInput<typeof unarchiveIssue>;
/** What UnarchiveIssue returns. */
export type UnarchiveIssueResult = CommandResult<typeof unarchiveIssue>;
/** What a caller passes to ListCycles. */
export type ListCyclesInput = CommandInput<typeof listCycles>;
/** What ListCycles returns. */
export type ListCyclesResult = CommandResult<typeof listCycles>;
/** What a caller passes to GetCycle. */
export type GetCycleInput = CommandInput<typeof getCycle>;
/** What GetCycle returns. */
export type GetCycleResult = CommandResult<typeof getCycle>;
/** What a caller passes to ListProjects. */
export type ListProjectsInput = CommandInput<typeof listProjects>;
/** What ListProjects returns. */
export type ListProjectsResult = CommandResult<typeof listProjects>;
/** What a caller passes to ListTemplates. */
export type ListTemplatesInput = CommandInput<typeof listTemplates>;
/** What ListTemplates returns. */
export type ListTemplatesResult = CommandResult<typeof listTemplates>;
/** What a caller passes to CreateAttachment. */
export type CreateAttachmentInput = CommandInput<typeof createAttachment>;
/** What CreateAttachment returns. */
export type CreateAttachmentResult = CommandResult<typeof createAttachment>;
/** What a caller passes to ListAttachments. */
export type ListAttachmentsInput = CommandInput<typeof listAttachments>;
/** What ListAttachments returns. */
export type ListAttachmentsResult = CommandResult<typeof listAttachments>;
/** What a caller passes to DeleteAttachment. */
export type DeleteAttachmentInput = CommandInput<typeof deleteAttachment>;
/** What DeleteAttachment returns. */
export type DeleteAttachmentResult = CommandResult<typeof deleteAttachment>;
/** What a caller passes to CreateIssueRelation. */
export type CreateIssueRelationInput = CommandInput<typeof createIssueRelation>;
/** What CreateIssueRelation returns. */
export type CreateIssueRelationResult = CommandResult<typeof createIssueRelation>;
/** What a caller passes to DeleteIssueRelation. */
export type DeleteIssueRelationInput = CommandInput<typeof deleteIssueRelation>;
/** What DeleteIssueRelation returns. */
export type DeleteIssueRelationResult = CommandResult<typeof deleteIssueRelation>;
/** What a caller passes to GetIssueRelations. */
export type GetIssueRelationsInput = CommandInput<typeof getIssueRelations>;
/** What GetIssueRelations returns. */
export type GetIssueRelationsResult = CommandResult<typeof getIssueRelations>;
/** What a caller passes to CreateDocument. */
export type CreateDocumentInput = CommandInput<typeof createDocument>;
/** What CreateDocument returns. */
export type CreateDocumentResult = CommandResult<typeof createDocument>;
/** What a caller passes to UpdateDocument. */
export type UpdateDocumentInput = CommandInput<typeof updateDocument>;
/** What UpdateDocument returns. */
export type UpdateDocumentResult = CommandResult<typeof updateDocument>;
/** What a caller passes to GetDocument. */
export type GetDocumentInput = CommandInput<typeof getDocument>;
/** What GetDocument returns. */
export type GetDocumentResult = CommandResult<typeof getDocument>;
/** What a caller passes to SearchDocuments. */
export type SearchDocumentsInput = CommandInput<typeof searchDocuments>;
/** What SearchDocuments returns. */
export type SearchDocumentsResult = CommandResult<typeof searchDocuments>;
/** What a caller passes to DeleteDocument. */
export type DeleteDocumentInput = CommandInput<typeof deleteDocument>;
/** What DeleteDocument returns. */
export type DeleteDocumentResult = CommandResult<typeof deleteDocument>;
/** What a caller passes to ArchiveProject. */
export type ArchiveProjectInput = CommandInput<typeof archiveProject>;
/** What ArchiveProject returns. */
export type ArchiveProjectResult = CommandResult<typeof archiveProject>;
/** What a caller passes to CreateProjectUpdate. */
export type CreateProjectUpdateInput = CommandInput<typeof createProjectUpdate>;
/** What CreateProjectUpdate returns. */
export type CreateProjectUpdateResult = CommandResult<typeof createProjectUpdate>;
/** What a caller passes to ListProjectUpdates. */
export type ListProjectUpdatesInput = CommandInput<typeof listProjectUpdates>;
/** What ListProjectUpdates returns. */
export type ListProjectUpdatesResult = CommandResult<typeof listProjectUpdates>;
/** What a caller passes to CreateProjectMilestone. */
export type CreateProjectMilestoneInput = CommandInput<typeof createProjectMilestone>;
/** What CreateProjectMilestone returns. */
export type CreateProjectMilestoneResult = CommandResult<typeof createProjectMilestone>;
/** What a caller passes to ListProjectMilestones. */
export type ListProjectMilestonesInput = CommandInput<typeof listProjectMilestones>;
/** What ListProjectMilestones returns. */
export type ListProjectMilestonesResult = CommandResult<typeof listProjectMilestones>;
/** What a caller passes to ListInitiatives. */
export type ListInitiativesInput = CommandInput<typeof listInitiatives>;
/** What ListInitiatives returns. */
export type ListInitiativesResult = CommandResult<typeof listInitiatives>;
/** What a caller passes to CreateInitiative. */
export type CreateInitiativeInput = CommandInput<typeof createInitiative>;
/** What CreateInitiative returns. */
export type CreateInitiativeResult = CommandResult<typeof createInitiative>;
/** What a caller passes to UpdateInitiative. */
export type UpdateInitiativeInput = CommandInput<typeof updateInitiative>;
/** What UpdateInitiative returns. */
export type UpdateInitiativeResult = CommandResult<typeof updateInitiative>;
/** What a caller passes to AddProjectToInitiative. */
export type AddProjectToInitiativeInput = CommandInput<typeof addProjectToInitiative>;
/** What AddProjectToInitiative returns. */
export type AddProjectToInitiativeResult = CommandResult<typeof addProjectToInitiative>;
