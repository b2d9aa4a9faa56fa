import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// The output schemas of the issues commands, one builder per schema, called from a command's
// `output: (z) => …` (so importing a command does not load zod). For Linear's objects: exactly the
// fields the package's documents select (`IssueFields`, `ProjectFields`, the team search), nullable
// where Linear's schema is; our own wrappers (`{nodes, pageInfo}`, `{success, id}`) as the Results
// table fixes them. Provider objects are loose, so a field Linear adds passes through.

/** An entity's id. */
export const idField = (z: Zod, what: string) => z.string().describe(`The ${what}'s id (a UUID).`);

/** An ISO 8601 date-time. */
export const dateTimeField = (z: Zod, what: string) =>
  z.string().meta({ description: `${what}, an ISO 8601 date-time.`, format: 'date-time' });

/** An ISO 8601 date-time, or null. */
export const optionalDateTimeField = (z: Zod, what: string) => dateTimeField(z, what).nullable();

/** A link into Linear's app. */
export const appUrlField = (z: Zod, what: string) =>
  z.string().meta({ description: `The ${what} in Linear’s app.`, format: 'uri' });

/** A calendar date (Linear's `TimelessDate`), or null. */
export const dateField = (z: Zod, what: string) =>
  z.string().nullable().describe(`${what}, a date written YYYY-MM-DD.`);

/** The view of a result that is one record. */
export const recordView = () => resultView({ view: 'record' });

/** A team as other objects refer to it: id, key, name. */
export const teamRefSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'team'),
    key: z.string().describe('The team key that prefixes its issue identifiers, e.g. ENG.'),
    name: z.string(),
  });

/** A user as other objects refer to it: id, name, email. */
export const userRefSchema = (z: Zod) =>
  z.looseObject({ id: idField(z, 'user'), name: z.string(), email: z.string() });

/** A workflow state: id, name, type, color. */
export const workflowStateRefSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'workflow state'),
    name: z.string(),
    type: z
      .string()
      .describe('The kind of state: triage, backlog, unstarted, started, completed or canceled.'),
    color: z.string(),
  });

/** A connection's page info. */
export const pageInfoSchema = (z: Zod) =>
  z.object({
    hasNextPage: z.boolean().describe('Whether another page follows.'),
    endCursor: z.string().nullable().describe('Pass it as cursor to read the next page.'),
  });

/** The view of a page of `{nodes, pageInfo}`: a table, continued by the end cursor. */
export const pageView = (columns?: string[]) =>
  resultView({
    view: 'table',
    list: 'nodes',
    more: { path: 'pageInfo.hasNextPage', cursor: 'pageInfo.endCursor' },
    ...(columns ? { columns } : {}),
  });

/** What Linear's own issue lists show: the issue, its state, who has it, its priority, its last change. */
const ISSUE_COLUMNS = ['identifier', 'title', 'state', 'assignee', 'priorityLabel', 'updatedAt'];

/** An issue, with the fields of the `IssueFields` fragment (no view: a row inside a page). */
export const issueRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'issue'),
    identifier: z.string().describe('The team key and the issue number, e.g. ENG-123.'),
    number: z.number(),
    title: z.string(),
    description: z.string().nullable().describe('The description, in Markdown.'),
    priority: z.number().describe('0 no priority, 1 urgent, 2 high, 3 medium, 4 low.'),
    priorityLabel: z.string(),
    estimate: z.number().nullable(),
    dueDate: dateField(z, 'The due date'),
    url: appUrlField(z, 'issue'),
    labelIds: z.array(z.string()),
    createdAt: dateTimeField(z, 'When it was created'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    startedAt: optionalDateTimeField(z, 'When it moved to a started state'),
    completedAt: optionalDateTimeField(z, 'When it was completed'),
    canceledAt: optionalDateTimeField(z, 'When it was canceled'),
    archivedAt: optionalDateTimeField(z, 'When it was archived'),
    trashed: z.boolean().nullable().describe('Whether it is in the trash (deleted).'),
    state: workflowStateRefSchema(z).describe('The workflow state the issue is in.'),
    team: teamRefSchema(z).describe('The team the issue belongs to.'),
    cycle: z
      .looseObject({ id: idField(z, 'cycle'), number: z.number(), name: z.string().nullable() })
      .nullable(),
    parent: z
      .looseObject({ id: idField(z, 'parent issue'), identifier: z.string(), title: z.string() })
      .nullable()
      .describe('The parent issue of a sub-issue.'),
    project: z.looseObject({ id: idField(z, 'project'), name: z.string() }).nullable(),
    assignee: userRefSchema(z).nullable(),
  });

/** An issue, as a record. */
export const issueSchema = (z: Zod) => issueRowSchema(z).meta(recordView());

/** A project, with the fields of the `ProjectFields` fragment (no view: a row inside a page). */
export const projectRowSchema = (z: Zod) =>
  z.looseObject({
    id: idField(z, 'project'),
    name: z.string(),
    description: z.string().describe('The short summary.'),
    color: z.string(),
    icon: z.string().nullable(),
    priority: z.int().describe('0 no priority, 1 urgent, 2 high, 3 medium, 4 low.'),
    startDate: dateField(z, 'The planned start'),
    targetDate: dateField(z, 'The target date'),
    url: appUrlField(z, 'project'),
    progress: z.number().describe('The share of its issues done, 0 to 1.'),
    createdAt: dateTimeField(z, 'When it was created'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    startedAt: optionalDateTimeField(z, 'When it started'),
    completedAt: optionalDateTimeField(z, 'When it was completed'),
    canceledAt: optionalDateTimeField(z, 'When it was canceled'),
    archivedAt: optionalDateTimeField(z, 'When it was archived'),
    trashed: z.boolean().nullable(),
    status: z
      .looseObject({
        id: idField(z, 'project status'),
        name: z.string(),
        type: z
          .string()
          .describe('The kind of stage: backlog, planned, started, paused, completed or canceled.'),
      })
      .describe('The project’s stage (Linear’s ProjectStatus; it replaced Project.state).'),
    lead: userRefSchema(z).nullable(),
    teams: z.looseObject({ nodes: z.array(teamRefSchema(z)) }).describe('The teams the project belongs to.'),
  });

/** A project, as a record. */
export const projectSchema = (z: Zod) => projectRowSchema(z).meta(recordView());

/** A team found by Search Teams; `members` and `states` only when asked. */
export const teamSchema = (z: Zod) =>
  teamRefSchema(z).extend({
    description: z.string().nullable(),
    visibility: z
      .enum(['public', 'private', 'restricted'])
      .describe('Who can see the team (Linear replaced the boolean private with it).'),
    createdAt: dateTimeField(z, 'When it was created'),
    updatedAt: dateTimeField(z, 'When it last changed'),
    members: z
      .looseObject({
        nodes: z.array(userRefSchema(z).extend({ displayName: z.string(), active: z.boolean() })),
        pageInfo: pageInfoSchema(z),
      })
      .optional()
      .describe('Up to 100 members, with includeMembers.'),
    states: z
      .looseObject({
        nodes: z.array(
          workflowStateRefSchema(z).extend({
            position: z.number().describe('Its place in the team’s board, left to right.'),
          }),
        ),
        pageInfo: pageInfoSchema(z),
      })
      .optional()
      .describe('The workflow states, with includeStates.'),
  });

/** One page of issues (Search Issue). */
export const issuePageSchema = (z: Zod) =>
  z.object({ nodes: z.array(issueRowSchema(z)), pageInfo: pageInfoSchema(z) }).meta(pageView(ISSUE_COLUMNS));

/** The teams Search Teams found. */
export const teamListSchema = (z: Zod) =>
  z
    .object({ nodes: z.array(teamSchema(z)).describe('Every team whose name matched.') })
    .meta(resultView({ view: 'table', list: 'nodes' }));

/** The result of deleting or archiving: whether Linear did it, and the entity's id. */
export const deleteResultSchema = (z: Zod) =>
  z
    .object({
      success: z.boolean().describe('Whether Linear did it.'),
      id: z.string().describe('The id of the entity.'),
    })
    .meta(recordView());

/** The `data` of a Custom GraphQL Action's response. */
export const graphqlDataSchema = (z: Zod) =>
  z.looseObject({}).meta({
    title: 'Data',
    description:
      'The data of Linear’s GraphQL response: one field per root field of the document sent (viewer, issues, issueCreate, …), each shaped by its selection. Errors in the response are returned as an error, never here.',
  });

/** An issue, with the fields of the `IssueFields` fragment. */
export type LinearIssue = z.output<ReturnType<typeof issueSchema>>;
/** A project, with the fields of the `ProjectFields` fragment. */
export type LinearProject = z.output<ReturnType<typeof projectSchema>>;
/** A team found by Search Teams; `members` and `states` only when asked. */
export type LinearTeam = z.output<ReturnType<typeof teamSchema>>;
/** One page of issues (Search Issue). */
export type LinearIssuePage = z.output<ReturnType<typeof issuePageSchema>>;
/** A connection's page info: whether another page follows, and the cursor to it. */
export type LinearPageInfo = z.output<ReturnType<typeof pageInfoSchema>>;
/** The teams Search Teams found. */
export type LinearTeamList = z.output<ReturnType<typeof teamListSchema>>;
/** The result of deleting or archiving: whether Linear did it, and the entity's id. */
export type LinearDeleteResult = z.output<ReturnType<typeof deleteResultSchema>>;
/** The `data` of a Custom GraphQL Action's response. */
export type LinearGraphqlData = z.output<ReturnType<typeof graphqlDataSchema>>;
