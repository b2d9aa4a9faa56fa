import type { Lookup } from '@c/core';

/**
 * Where the choices of the parameters naming Linear objects come from, declared on the commands
 * (`lookups`) so hosts offer them in forms, prompts and tool descriptions.
 */

/** Teams: Search Teams by the typed name; with nothing typed, the first teams. */
export const teamLookup: Lookup = {
  noun: 'teams',
  command: 'searchTeams',
  input: { name: '{query}' },
  whenQueryEmpty: {
    command: 'customGraphqlAction',
    input: { query: 'query Teams { teams(first: 100) { nodes { id key name } } }' },
    items: 'teams.nodes',
  },
  items: 'nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['key'],
  searchesRemotely: true,
};

/** The workflow states of the chosen team, known by id, which Search Teams (by name) cannot look up. */
export const teamStateLookup: Lookup = {
  noun: 'workflow states',
  command: 'customGraphqlAction',
  input: {
    query: 'query TeamStates($id: String!) { team(id: $id) { id states { nodes { id name type } } } }',
    variables: { id: '{param:teamId}' },
  },
  needs: ['teamId'],
  items: 'team.states.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['type'],
};

/** The workflow states an issue can move to: those of its team, reached through the issue. */
export const issueStateLookup: Lookup = {
  noun: 'workflow states',
  command: 'customGraphqlAction',
  input: {
    query:
      'query IssueStates($id: String!) { issue(id: $id) { id team { id states { nodes { id name type } } } } }',
    variables: { id: '{param:issueId}' },
  },
  needs: ['issueId'],
  items: 'issue.team.states.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['type'],
};

/** Issues: the first page of Search Issues, filtered as typed. */
export const issueLookup: Lookup = {
  noun: 'issues',
  command: 'searchIssues',
  input: { filter: {}, limit: 50 },
  items: 'nodes',
  value: 'id',
  label: ['{identifier} {title}', 'identifier', 'title', 'id'],
  detail: ['state.name'],
};

/** Projects, with their status (`status`, as Linear deprecated the project's `state`). */
export const projectLookup: Lookup = {
  noun: 'projects',
  command: 'customGraphqlAction',
  input: { query: 'query Projects { projects(first: 50) { nodes { id name status { name } } } }' },
  items: 'projects.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['status.name'],
};

/** Users of the workspace, by name, with their email to tell namesakes apart. */
export const userLookup: Lookup = {
  noun: 'users',
  command: 'customGraphqlAction',
  input: { query: 'query Users { users(first: 100) { nodes { id name email } } }' },
  items: 'users.nodes',
  value: 'id',
  label: ['name', 'email', 'id'],
  detail: ['email'],
};

/**
 * Issue labels, chosen by name: a filter on the name matches the label of every team that has one
 * so named, as a person searching for "Bug" means.
 */
export const labelNameLookup: Lookup = {
  noun: 'labels',
  command: 'customGraphqlAction',
  input: { query: 'query Labels { issueLabels(first: 100) { nodes { id name team { key } } } }' },
  items: 'issueLabels.nodes',
  value: 'name',
  label: ['name'],
  detail: ['team.key'],
};

/**
 * Comments, newest first, named by their text with the issue they are on: a comment is known by
 * what it says, and these commands take the comment alone (not its issue).
 */
export const commentLookup: Lookup = {
  noun: 'comments',
  command: 'customGraphqlAction',
  input: {
    query:
      'query Comments { comments(first: 50, orderBy: createdAt, filter: { issue: { null: false } }) { nodes { id body issue { identifier } user { name } } } }',
  },
  items: 'comments.nodes',
  value: 'id',
  label: ['body', 'id'],
  detail: ['{issue.identifier} · {user.name}', 'issue.identifier'],
};

/**
 * Threads that can be resolved: first comments (not replies), newest first, as Linear resolves a
 * thread through its first comment only.
 */
export const threadLookup: Lookup = {
  ...commentLookup,
  noun: 'comment threads',
  input: {
    query:
      'query Threads { comments(first: 50, orderBy: createdAt, filter: { issue: { null: false }, parent: { null: true } }) { nodes { id body issue { identifier } user { name } } } }',
  },
};

/** The first comments of the chosen issue's threads, to reply to one. */
export const issueThreadLookup: Lookup = {
  noun: 'comment threads',
  command: 'customGraphqlAction',
  input: {
    query:
      'query IssueThreads($id: String!) { issue(id: $id) { id comments(first: 100, filter: { parent: { null: true } }) { nodes { id body user { name } } } } }',
    variables: { id: '{param:issueId}' },
  },
  needs: ['issueId'],
  items: 'issue.comments.nodes',
  value: 'id',
  label: ['body', 'id'],
  detail: ['user.name'],
};

/** The replies in the chosen comment's thread: the one that settled it. */
export const replyLookup: Lookup = {
  noun: 'replies',
  command: 'customGraphqlAction',
  input: {
    query:
      'query Replies($id: String!) { comment(id: $id) { id children(first: 100) { nodes { id body user { name } } } } }',
    variables: { id: '{param:commentId}' },
  },
  needs: ['commentId'],
  items: 'comment.children.nodes',
  value: 'id',
  label: ['body', 'id'],
  detail: ['user.name'],
};

/**
 * The labels the chosen issue can take: its team's and the workspace's, groups left out (an issue
 * carries a group's labels, not the group).
 */
export const issueAddableLabelLookup: Lookup = {
  noun: 'labels',
  command: 'customGraphqlAction',
  input: {
    query:
      'query AddableLabels($id: ID!) { issueLabels(first: 100, filter: { isGroup: { eq: false }, or: [{ team: { null: true } }, { team: { issues: { some: { id: { eq: $id } } } } }] }) { nodes { id name parent { name } team { key } } } }',
    variables: { id: '{param:issueId}' },
  },
  needs: ['issueId'],
  items: 'issueLabels.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['{parent.name} · {team.key}', 'parent.name', 'team.key'],
};

/** The labels the chosen issue carries. */
export const issueLabelLookup: Lookup = {
  noun: 'labels',
  command: 'customGraphqlAction',
  input: {
    query:
      'query IssueLabels($id: String!) { issue(id: $id) { id labels(first: 100) { nodes { id name parent { name } } } } }',
    variables: { id: '{param:issueId}' },
  },
  needs: ['issueId'],
  items: 'issue.labels.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['parent.name'],
};

/** Label groups, which a new label can belong to: the workspace's and every team's. */
export const labelGroupLookup: Lookup = {
  noun: 'label groups',
  command: 'customGraphqlAction',
  input: {
    query:
      'query LabelGroups { issueLabels(first: 100, filter: { isGroup: { eq: true } }) { nodes { id name team { key } } } }',
  },
  items: 'issueLabels.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['team.key'],
};

const CYCLE_NODE = 'id number name startsAt endsAt team { key }';

/** Cycles of every team, the newest first, named by team and number (or name). */
export const cycleLookup: Lookup = {
  noun: 'cycles',
  command: 'customGraphqlAction',
  input: {
    query: `query Cycles { cycles(first: 50, orderBy: createdAt) { nodes { ${CYCLE_NODE} } } }`,
  },
  items: 'cycles.nodes',
  value: 'id',
  label: ['{team.key} · {name}', '{team.key} · cycle {number}', 'id'],
  detail: ['{startsAt|date} – {endsAt|date}'],
};

/** The chosen team's cycles that have not ended, which an issue can join. */
export const teamCycleLookup: Lookup = {
  noun: 'cycles',
  command: 'customGraphqlAction',
  input: {
    query: `query TeamCycles($id: ID!) { cycles(first: 50, filter: { team: { id: { eq: $id } }, isPast: { eq: false } }) { nodes { ${CYCLE_NODE} } } }`,
    variables: { id: '{param:teamId}' },
  },
  needs: ['teamId'],
  items: 'cycles.nodes',
  value: 'id',
  label: ['{name}', 'cycle {number}', 'id'],
  detail: ['{startsAt|date} – {endsAt|date}'],
};

/** The cycles of the chosen issue's team that have not ended. */
export const issueCycleLookup: Lookup = {
  ...teamCycleLookup,
  input: {
    query: `query IssueCycles($id: ID!) { cycles(first: 50, filter: { team: { issues: { some: { id: { eq: $id } } } }, isPast: { eq: false } }) { nodes { ${CYCLE_NODE} } } }`,
    variables: { id: '{param:issueId}' },
  },
  needs: ['issueId'],
};

/** Issues by identifier (`ENG-8`), the first page of Search Issues. */
export const issueIdentifierLookup: Lookup = { ...issueLookup, value: 'identifier' };

/** Attachments, newest first, by title with the issue they are on. */
export const attachmentLookup: Lookup = {
  noun: 'attachments',
  command: 'customGraphqlAction',
  input: {
    query:
      'query Attachments { attachments(first: 50, orderBy: createdAt) { nodes { id title url issue { identifier } } } }',
  },
  items: 'attachments.nodes',
  value: 'id',
  label: ['{issue.identifier} · {title}', 'title', 'id'],
  detail: ['url'],
};

/** Issues other than the chosen one, to relate it to. */
export const otherIssueLookup: Lookup = {
  ...issueLookup,
  input: { filter: { id: { neq: '{param:issueId}' } }, limit: 50 },
  needs: ['issueId'],
};

/** Relations between issues, newest first, read as a sentence ("ENG-1 blocks ENG-2"). */
export const issueRelationLookup: Lookup = {
  noun: 'issue relations',
  command: 'customGraphqlAction',
  input: {
    query:
      'query Relations { issueRelations(first: 50, orderBy: createdAt) { nodes { id type issue { identifier } relatedIssue { identifier } } } }',
  },
  items: 'issueRelations.nodes',
  value: 'id',
  label: ['{issue.identifier} {type} {relatedIssue.identifier}', 'id'],
};

/** Documents, the most recently changed first, with what they belong to. */
export const documentLookup: Lookup = {
  noun: 'documents',
  command: 'customGraphqlAction',
  input: {
    query:
      'query Documents { documents(first: 50, orderBy: updatedAt) { nodes { id title project { name } team { key } issue { identifier } initiative { name } } } }',
  },
  items: 'documents.nodes',
  value: 'id',
  label: ['title', 'id'],
  detail: ['project.name', 'team.key', 'issue.identifier', 'initiative.name'],
};

/** Initiatives of the workspace, by name, with their status. */
export const initiativeLookup: Lookup = {
  noun: 'initiatives',
  command: 'customGraphqlAction',
  input: { query: 'query Initiatives { initiatives(first: 50) { nodes { id name status } } }' },
  items: 'initiatives.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['status'],
};

/** The projects not yet in the chosen initiative (a project appears once in an initiative). */
export const projectOutsideInitiativeLookup: Lookup = {
  noun: 'projects',
  command: 'customGraphqlAction',
  input: {
    query:
      'query ProjectsOutside($id: ID!) { projects(first: 50, filter: { initiatives: { every: { id: { neq: $id } } } }) { nodes { id name status { name } } } }',
    variables: { id: '{param:initiativeId}' },
  },
  needs: ['initiativeId'],
  items: 'projects.nodes',
  value: 'id',
  label: ['name', 'id'],
  detail: ['status.name'],
};
