import { type ConnectorClient, defineConnector, type Toolset } from '@c/core';
import { addIssueLabel } from './commands/add-issue-label.js';
import { addProjectToInitiative } from './commands/add-project-to-initiative.js';
import { archiveIssue } from './commands/archive-issue.js';
import { archiveProject } from './commands/archive-project.js';
import { createAttachment } from './commands/create-attachment.js';
import { createComment } from './commands/create-comment.js';
import { createDocument } from './commands/create-document.js';
import { createInitiative } from './commands/create-initiative.js';
import { createIssue } from './commands/create-issue.js';
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
import { searchIssues } from './commands/search-issues.js';
import { searchTeams } from './commands/search-teams.js';
import { unarchiveIssue } from './commands/unarchive-issue.js';
import { updateComment } from './commands/update-comment.js';
import { updateDocument } from './commands/update-document.js';
import { updateInitiative } from './commands/update-initiative.js';
import { updateIssue } from './commands/update-issue.js';
import { updateProject } from './commands/update-project.js';
import { createLinearHttpClient, type IssuesContext, LinearGraphqlClient } from './issues-client.js';
import { VIEWER_QUERY } from './issues-documents.js';
import { issueEvent } from './triggers/issue-event.js';

/** The commands, by key. */
const commands = {
  createIssue,
  updateIssue,
  getIssueById,
  getIssueByIdentifier,
  searchIssues,
  deleteIssue,
  archiveIssue,
  createSubIssue,
  createProject,
  updateProject,
  getProjectById,
  deleteProject,
  searchTeams,
  customGraphqlAction,
  createComment,
  updateComment,
  deleteComment,
  listComments,
  resolveComment,
  createReaction,
  listLabels,
  createLabel,
  addIssueLabel,
  removeIssueLabel,
  getViewer,
  listUsers,
  getUser,
  listWorkflowStates,
  getTeam,
  listTeamMembers,
  unarchiveIssue,
  listCycles,
  getCycle,
  listProjects,
  listTemplates,
  createAttachment,
  listAttachments,
  deleteAttachment,
  createIssueRelation,
  deleteIssueRelation,
  getIssueRelations,
  createDocument,
  updateDocument,
  getDocument,
  searchDocuments,
  deleteDocument,
  archiveProject,
  createProjectUpdate,
  listProjectUpdates,
  createProjectMilestone,
  listProjectMilestones,
  listInitiatives,
  createInitiative,
  updateInitiative,
  addProjectToInitiative,
};

/** The commands grouped by area; `core` holds the ones run most. */
const ISSUES_TOOLSETS: Record<string, Toolset> = {
  core: {
    title: 'Most used',
    description: 'Create, update, read and search issues, and find a team.',
    commands: [
      'createIssue',
      'updateIssue',
      'getIssueById',
      'getIssueByIdentifier',
      'searchIssues',
      'searchTeams',
    ],
  },
  issues: {
    title: 'Issues',
    description: 'Issues and sub-issues: create, update, read, search, archive and delete.',
    commands: [
      'createIssue',
      'createSubIssue',
      'updateIssue',
      'getIssueById',
      'getIssueByIdentifier',
      'searchIssues',
      'archiveIssue',
      'unarchiveIssue',
      'deleteIssue',
    ],
  },
  projects: {
    title: 'Projects',
    description:
      'Projects: create, update, read, archive and delete; their status updates (health) and milestones.',
    commands: [
      'listProjects',
      'createProject',
      'updateProject',
      'getProjectById',
      'deleteProject',
      'archiveProject',
      'createProjectUpdate',
      'listProjectUpdates',
      'createProjectMilestone',
      'listProjectMilestones',
    ],
  },
  initiatives: {
    title: 'Initiatives',
    description:
      'Initiatives: workspace-wide goals with an owner, a status and a target date, and their projects.',
    commands: ['listInitiatives', 'createInitiative', 'updateInitiative', 'addProjectToInitiative'],
  },
  teams: {
    title: 'Teams',
    description: 'Teams, their members and workflow states.',
    commands: ['searchTeams', 'getTeam', 'listTeamMembers', 'listWorkflowStates'],
  },
  cycles: {
    title: 'Cycles',
    description: 'A team’s cycles (sprints): the current, upcoming and previous ones, with their issues.',
    commands: ['listCycles', 'getCycle'],
  },
  templates: {
    title: 'Templates',
    description: 'The templates for new issues, projects and documents.',
    commands: ['listTemplates'],
  },
  labels: {
    title: 'Labels',
    description: 'Issue labels and label groups, and the labels on an issue.',
    commands: ['listLabels', 'createLabel', 'addIssueLabel', 'removeIssueLabel'],
  },
  users: {
    title: 'Users',
    description: 'The connection’s user and the workspace’s users.',
    commands: ['getViewer', 'listUsers', 'getUser'],
  },
  comments: {
    title: 'Comments',
    description: 'Comments on issues: threads, replies, resolution and emoji reactions.',
    commands: [
      'createComment',
      'updateComment',
      'deleteComment',
      'listComments',
      'resolveComment',
      'createReaction',
    ],
  },
  links: {
    title: 'Links',
    description:
      'Attachments (links to pull requests, tickets, documents) and relations between issues (blocks, duplicate, related, similar).',
    commands: [
      'createAttachment',
      'listAttachments',
      'deleteAttachment',
      'createIssueRelation',
      'deleteIssueRelation',
      'getIssueRelations',
    ],
  },
  documents: {
    title: 'Documents',
    description: 'Documents of projects, teams and issues: write, rewrite, read, search and delete.',
    commands: ['createDocument', 'updateDocument', 'getDocument', 'searchDocuments', 'deleteDocument'],
  },
  graphql: {
    title: 'GraphQL',
    description: 'Any query or mutation of Linear’s GraphQL API.',
    commands: ['customGraphqlAction'],
  },
};

/** Linear's API origin; GraphQL is at `/graphql`. */
export const LINEAR_BASE_URL = 'https://api.linear.app';
/** Linear's OAuth token endpoint. */
export const LINEAR_TOKEN_URL = 'https://api.linear.app/oauth/token';
/** Linear's OAuth authorization page. */
export const LINEAR_AUTHORIZATION_URL = 'https://linear.app/oauth/authorize';

/**
 * The issues connector (Linear, GraphQL). Connect with an OAuth access token (refreshed through
 * `tokenUrl` when it carries a refresh token and the client's id and secret) or a personal API key.
 */
export const issues = defineConnector({
  id: 'issues',
  title: 'Linear',
  description:
    'Linear issue tracking over GraphQL: create, update, read, search, archive and delete issues, sub-issues, projects, team search, and any GraphQL call.',
  credentials: (z) =>
    z
      .object({
        accessToken: z.string().min(1).optional().meta({
          title: 'Access Token',
          description: 'An OAuth access token (sent as Bearer).',
        }),
        refreshToken: z.string().min(1).optional().meta({
          title: 'Refresh Token',
          description: 'The OAuth refresh token; with the client id and secret, expired tokens are renewed.',
        }),
        expiresAt: z.int().min(1e12, 'must be epoch milliseconds').optional().meta({
          title: 'Expires At',
          description: 'When the access token expires, in epoch milliseconds.',
        }),
        clientId: z.string().min(1).optional().meta({
          title: 'Client Id',
          description: 'The OAuth application’s client id, needed to refresh.',
        }),
        clientSecret: z.string().min(1).optional().meta({
          title: 'Client Secret',
          description: 'The OAuth application’s client secret, needed to refresh.',
        }),
        apiKey: z
          .string()
          .min(1)
          .refine((key) => !/^bearer\s/i.test(key), 'must be the bare key, without "Bearer "')
          .optional()
          .meta({
            title: 'API Key',
            description: 'A personal API key (lin_api_…), instead of OAuth; sent as is in Authorization.',
          }),
      })
      .strict()
      .superRefine((credentials, issue) => {
        if (!credentials.accessToken === !credentials.apiKey) {
          issue.addIssue({
            code: 'custom',
            path: ['accessToken'],
            message: 'give either an OAuth accessToken or a personal apiKey (exactly one)',
          });
        }
        if (credentials.refreshToken && !credentials.clientId) {
          issue.addIssue({
            code: 'custom',
            path: ['clientId'],
            message: 'is required to refresh the access token',
          });
        }
      }),
  options: (z) =>
    z.object({
      baseUrl: z
        .url()
        .default(LINEAR_BASE_URL)
        .meta({ title: 'Base URL', description: `Linear's API origin (default ${LINEAR_BASE_URL}).` }),
      // No default here: an omitted token URL follows the base URL (see tokenUrlOf).
      tokenUrl: z
        .url()
        .optional()
        .meta({
          title: 'Token URL',
          description: `Linear's OAuth token endpoint (default: <baseUrl>/oauth/token, so ${LINEAR_TOKEN_URL} for Linear itself).`,
        }),
    }),
  auth: {
    type: 'oauth2',
    authorizationUrl: LINEAR_AUTHORIZATION_URL,
    tokenUrl: LINEAR_TOKEN_URL,
    scopes: ['read', 'write', 'issues:create'],
    alternatives: ['apiKey'],
  },
  // Linear's OAuth access tokens expire after 24 hours: an env connection carries what it needs to
  // refresh them (Linear rotates the refresh token, and the new one is kept for the process's life).
  env: {
    C_ISSUES_ACCESS_TOKEN: 'credentials.accessToken',
    C_ISSUES_REFRESH_TOKEN: 'credentials.refreshToken',
    C_ISSUES_CLIENT_ID: 'credentials.clientId',
    C_ISSUES_CLIENT_SECRET: 'credentials.clientSecret',
    C_ISSUES_API_KEY: 'credentials.apiKey',
    C_ISSUES_BASE_URL: 'baseUrl',
    C_ISSUES_TOKEN_URL: 'tokenUrl',
  },
  commands,
  toolsets: ISSUES_TOOLSETS,
  triggers: { event: issueEvent },
  createContext({ credentials, options, onTokens, coordinateRefresh, http: tuning }): IssuesContext {
    const http = createLinearHttpClient({
      credentials,
      baseUrl: options.baseUrl,
      tokenUrl: options.tokenUrl ?? tokenUrlOf(options.baseUrl),
      onTokens,
      coordinateRefresh,
      http: tuning,
    });
    const linear = new LinearGraphqlClient(http);
    return { linear, close: () => linear.close() };
  },
  verify: (ctx) => ctx.linear.run(VIEWER_QUERY, {}),
  simulator: async () => (await import('./testing/index.js')).issuesSimulator,
});

/**
 * The token endpoint of a connection that names only its base URL: `/oauth/token` under that base
 * URL, as at Linear (`https://api.linear.app/oauth/token`). A refresh thus goes where the API calls
 * go, never to Linear itself with the client secret while the calls go elsewhere (a proxy, a sandbox).
 */
function tokenUrlOf(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/oauth/token`;
}

/** A connected issues client: `issues.connect(…)`, its `run` typed by each command's schemas. */
export type IssuesClient = ConnectorClient<typeof commands>;
