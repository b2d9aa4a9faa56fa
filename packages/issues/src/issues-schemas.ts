import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

/**
 * The output schemas of the issues commands: for Linear's objects, exactly the fields the
 * package's documents select (`IssueFields`, `ProjectFields`, the team search), nullable where
 * Linear's schema is; our own wrappers (`{nodes, pageInfo}`, `{success, id}`) as the Results table
 * fixes them. Provider objects are loose, so a field Linear adds passes through.
 */
function build(z: Zod) {
  const id = (what: string) => z.string().describe(`The ${what}'s id (a UUID).`);
  const dateTime = (what: string) =>
    z.string().meta({ description: `${what}, an ISO 8601 date-time.`, format: 'date-time' });
  const appUrl = (what: string) =>
    z.string().meta({ description: `The ${what} in Linear’s app.`, format: 'uri' });
  const optionalDateTime = (what: string) => dateTime(what).nullable();
  const date = (what: string) => z.string().nullable().describe(`${what}, a date written YYYY-MM-DD.`);

  const teamRef = z.looseObject({
    id: id('team'),
    key: z.string().describe('The team key that prefixes its issue identifiers, e.g. ENG.'),
    name: z.string(),
  });
  const userRef = z.looseObject({ id: id('user'), name: z.string(), email: z.string() });
  const workflowState = z.looseObject({
    id: id('workflow state'),
    name: z.string(),
    type: z
      .string()
      .describe('The kind of state: triage, backlog, unstarted, started, completed or canceled.'),
    color: z.string(),
  });
  const pageInfo = z.object({
    hasNextPage: z.boolean().describe('Whether another page follows.'),
    endCursor: z.string().nullable().describe('Pass it as cursor to read the next page.'),
  });

  const issue = z.looseObject({
    id: id('issue'),
    identifier: z.string().describe('The team key and the issue number, e.g. ENG-123.'),
    number: z.number(),
    title: z.string(),
    description: z.string().nullable().describe('The description, in Markdown.'),
    priority: z.number().describe('0 no priority, 1 urgent, 2 high, 3 medium, 4 low.'),
    priorityLabel: z.string(),
    estimate: z.number().nullable(),
    dueDate: date('The due date'),
    url: appUrl('issue'),
    labelIds: z.array(z.string()),
    createdAt: dateTime('When it was created'),
    updatedAt: dateTime('When it last changed'),
    startedAt: optionalDateTime('When it moved to a started state'),
    completedAt: optionalDateTime('When it was completed'),
    canceledAt: optionalDateTime('When it was canceled'),
    archivedAt: optionalDateTime('When it was archived'),
    trashed: z.boolean().nullable().describe('Whether it is in the trash (deleted).'),
    state: workflowState.describe('The workflow state the issue is in.'),
    team: teamRef.describe('The team the issue belongs to.'),
    cycle: z.looseObject({ id: id('cycle'), number: z.number(), name: z.string().nullable() }).nullable(),
    parent: z
      .looseObject({ id: id('parent issue'), identifier: z.string(), title: z.string() })
      .nullable()
      .describe('The parent issue of a sub-issue.'),
    project: z.looseObject({ id: id('project'), name: z.string() }).nullable(),
    assignee: userRef.nullable(),
  });

  const project = z.looseObject({
    id: id('project'),
    name: z.string(),
    description: z.string().describe('The short summary.'),
    color: z.string(),
    icon: z.string().nullable(),
    priority: z.int().describe('0 no priority, 1 urgent, 2 high, 3 medium, 4 low.'),
    startDate: date('The planned start'),
    targetDate: date('The target date'),
    url: appUrl('project'),
    progress: z.number().describe('The share of its issues done, 0 to 1.'),
    createdAt: dateTime('When it was created'),
    updatedAt: dateTime('When it last changed'),
    startedAt: optionalDateTime('When it started'),
    completedAt: optionalDateTime('When it was completed'),
    canceledAt: optionalDateTime('When it was canceled'),
    archivedAt: optionalDateTime('When it was archived'),
    trashed: z.boolean().nullable(),
    status: z
      .looseObject({
        id: id('project status'),
        name: z.string(),
        type: z
          .string()
          .describe('The kind of stage: backlog, planned, started, paused, completed or canceled.'),
      })
      .describe('The project’s stage (Linear’s ProjectStatus; it replaced Project.state).'),
    lead: userRef.nullable(),
    teams: z.looseObject({ nodes: z.array(teamRef) }).describe('The teams the project belongs to.'),
  });

  const member = userRef.extend({ displayName: z.string(), active: z.boolean() });
  const teamState = workflowState.extend({
    position: z.number().describe('Its place in the team’s board, left to right.'),
  });
  const team = teamRef.extend({
    description: z.string().nullable(),
    visibility: z
      .enum(['public', 'private', 'restricted'])
      .describe('Who can see the team (Linear replaced the boolean private with it).'),
    createdAt: dateTime('When it was created'),
    updatedAt: dateTime('When it last changed'),
    members: z
      .looseObject({ nodes: z.array(member), pageInfo })
      .optional()
      .describe('Up to 100 members, with includeMembers.'),
    states: z
      .looseObject({ nodes: z.array(teamState), pageInfo })
      .optional()
      .describe('The workflow states, with includeStates.'),
  });

  // The views are declared on the results only: an issue inside a page is a row, not a record view.
  const record = resultView({ view: 'record' });
  return {
    issue: issue.meta(record),
    project: project.meta(record),
    team,
    issuePage: z.object({ nodes: z.array(issue), pageInfo }).meta(
      resultView({
        view: 'table',
        list: 'nodes',
        more: { path: 'pageInfo.hasNextPage', cursor: 'pageInfo.endCursor' },
      }),
    ),
    teamList: z
      .object({ nodes: z.array(team).describe('Every team whose name matched.') })
      .meta(resultView({ view: 'table', list: 'nodes' })),
    deleteResult: z
      .object({
        success: z.boolean().describe('Whether Linear did it.'),
        id: z.string().describe('The id of the issue or project.'),
      })
      .meta(record),
    graphqlData: z
      .record(z.string(), z.unknown())
      .describe('The data of Linear’s GraphQL response, shaped by the document sent.'),
  };
}

/** The schemas, built from `z` on first use and shared by every command. */
export type IssuesSchemas = ReturnType<typeof build>;

let built: IssuesSchemas | undefined;

/** The shared output schemas (built once, when a command's `output` is first read). */
export function issuesSchemas(z: Zod): IssuesSchemas {
  built ??= build(z);
  return built;
}

/** An issue, with the fields of the `IssueFields` fragment. */
export type LinearIssue = z.output<IssuesSchemas['issue']>;
/** A project, with the fields of the `ProjectFields` fragment. */
export type LinearProject = z.output<IssuesSchemas['project']>;
/** A team found by Search Teams; `members` and `states` only when asked. */
export type LinearTeam = z.output<IssuesSchemas['team']>;
/** One page of issues (Search Issue). */
export type LinearIssuePage = z.output<IssuesSchemas['issuePage']>;
/** A connection's page info: whether another page follows, and the cursor to it. */
export type LinearPageInfo = LinearIssuePage['pageInfo'];
/** The teams Search Teams found. */
export type LinearTeamList = z.output<IssuesSchemas['teamList']>;
/** The result of deleting or archiving: whether Linear did it, and the entity's id. */
export type LinearDeleteResult = z.output<IssuesSchemas['deleteResult']>;
/** The `data` of a Custom GraphQL Action's response. */
export type LinearGraphqlData = z.output<IssuesSchemas['graphqlData']>;
