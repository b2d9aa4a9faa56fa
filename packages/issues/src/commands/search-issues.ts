import { defineCommand, type FilterField, filterFieldsMeta } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation, ISSUE_FIELDS } from '../issues-documents.js';
import { labelNameLookup, teamLookup, userLookup } from '../issues-lookups.js';
import { PRIORITY_TITLES } from '../issues-params.js';
import { issuePageSchema, type LinearIssuePage } from '../issues-schemas.js';

/** `issues(filter, first, after)`: one page of issues. */
export const SEARCH_ISSUES_QUERY = defineOperation(
  `
query SearchIssues($filter: IssueFilter, $first: Int!, $after: String) {
  issues(filter: $filter, first: $first, after: $after) {
    nodes { ...IssueFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  ISSUE_FIELDS,
);

/**
 * `searchIssues(term, filter, first, after)`: Linear's full-text search. Its results are
 * `IssueSearchResult`s, which carry the same fields as an issue, so the same selection is made.
 */
export const SEARCH_ISSUES_BY_TERM_QUERY = defineOperation(
  `
query SearchIssuesByTerm($term: String!, $filter: IssueFilter, $first: Int!, $after: String) {
  searchIssues(term: $term, filter: $filter, first: $first, after: $after) {
    nodes { ...IssueSearchResultFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  ISSUE_FIELDS.replace(
    'fragment IssueFields on Issue',
    'fragment IssueSearchResultFields on IssueSearchResult',
  ),
);

/**
 * The IssueFilter fields people filter by most, declared so that forms offer a control for each;
 * the rest of the IssueFilter stays writable as JSON, merged with them.
 */
const COMMON_FILTER_FIELDS: FilterField[] = [
  { key: 'team', title: 'Team', path: ['team', 'id', 'eq'], type: 'string', lookup: teamLookup },
  {
    key: 'stateType',
    title: 'State Type',
    description: 'The kind of workflow state, whatever each team names its states.',
    path: ['state', 'type', 'eq'],
    type: 'string',
    options: [
      { value: 'triage', title: 'Triage' },
      { value: 'backlog', title: 'Backlog' },
      { value: 'unstarted', title: 'Unstarted (Todo)' },
      { value: 'started', title: 'Started (In Progress)' },
      { value: 'completed', title: 'Completed (Done)' },
      { value: 'canceled', title: 'Canceled' },
    ],
  },
  { key: 'assignee', title: 'Assignee', path: ['assignee', 'id', 'eq'], type: 'string', lookup: userLookup },
  { key: 'assignedToMe', title: 'Assigned to me', path: ['assignee', 'isMe', 'eq'], type: 'boolean' },
  {
    key: 'priority',
    title: 'Priority',
    path: ['priority', 'eq'],
    type: 'integer',
    options: PRIORITY_TITLES.map((title, value) => ({ value, title })),
  },
  {
    key: 'label',
    title: 'Label',
    description: 'Issues with a label of this name.',
    path: ['labels', 'some', 'name', 'eq'],
    type: 'string',
    lookup: labelNameLookup,
  },
];

/** Linear's largest page. */
const MAX_LIMIT = 250;

/** Searches issues with Linear's `IssueFilter`: `issues(filter, first, after)`, one page. */
export const searchIssues = defineCommand({
  key: 'searchIssues',
  title: 'Search Issue',
  description:
    'Lists issues matching a Linear IssueFilter and, with term, Linear’s full-text search, one page at a time. Continue with the returned pageInfo.endCursor as cursor while pageInfo.hasNextPage is true.',
  input: (z) =>
    z.object({
      filter: z
        .record(z.string(), z.unknown())
        .default({})
        .meta({
          title: 'Filter',
          description:
            'A Linear IssueFilter, e.g. {"team": {"key": {"eq": "ENG"}}, "state": {"type": {"eq": "started"}}}; {} for every issue.',
          ...filterFieldsMeta(COMMON_FILTER_FIELDS),
        }),
      term: z.string().optional().meta({
        title: 'Term',
        description:
          'Words to search for in titles, descriptions and identifiers (Linear’s full-text search), combined with the filter; omitted, the filter alone.',
      }),
      limit: z
        .int()
        .min(1)
        .max(MAX_LIMIT)
        .default(50)
        .meta({ title: 'Limit', description: `Issues per page, 1 to ${MAX_LIMIT} (default 50).` }),
      cursor: z.string().optional().meta({
        title: 'Cursor',
        description: 'The endCursor of the previous page; empty or omitted for the first page.',
      }),
    }),
  output: (z) => issuePageSchema(z),
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearIssuePage> {
    const page = { filter: input.filter, first: input.limit, after: input.cursor || undefined };
    const term = input.term?.trim();
    const { nodes, pageInfo } = term
      ? (
          await ctx.linear.run<{ searchIssues: LinearIssuePage }>(
            SEARCH_ISSUES_BY_TERM_QUERY,
            { term, ...page },
            { signal },
          )
        ).searchIssues
      : (await ctx.linear.run<{ issues: LinearIssuePage }>(SEARCH_ISSUES_QUERY, page, { signal })).issues;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
