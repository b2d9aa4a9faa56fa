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
