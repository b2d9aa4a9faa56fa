/**
 * The fields of Linear's mutation inputs that `additionalFields` may set, with their GraphQL types,
 * copied from Linear's schema (`issues-input-types.test.ts` fails when the schema says otherwise).
 * Kept as data so the connector checks input without loading the 1.2 MB schema.
 */
export const LINEAR_INPUT_TYPES = {
  IssueCreateInput: {
    assigneeId: 'String',
    completedAt: 'DateTime',
    createAsUser: 'String',
    createdAt: 'DateTime',
    cycleId: 'String',
    delegateId: 'String',
    description: 'String',
    descriptionData: 'JSON',
    displayIconUrl: 'String',
    dueDate: 'TimelessDate',
    estimate: 'Int',
    id: 'String',
    inheritsSharedAccess: 'Boolean',
    labelIds: '[String!]',
    lastAppliedTemplateId: 'String',
    parentId: 'String',
    preserveSortOrderOnCreate: 'Boolean',
    priority: 'Int',
    prioritySortOrder: 'Float',
    projectId: 'String',
    projectMilestoneId: 'String',
    referenceCommentId: 'String',
    releaseIds: '[String!]',
    slaBreachesAt: 'DateTime',
    slaStartedAt: 'DateTime',
    slaType: 'SLADayCountType',
    sortOrder: 'Float',
    sourceCommentId: 'String',
    sourcePullRequestCommentId: 'String',
    stateId: 'String',
    subIssueSortOrder: 'Float',
    subscriberIds: '[String!]',
    teamId: 'String!',
    templateId: 'String',
    title: 'String',
    useDefaultTemplate: 'Boolean',
  },
  IssueUpdateInput: {
    addedLabelIds: '[String!]',
    addedReleaseIds: '[String!]',
    assigneeId: 'String',
    autoClosedByParentClosing: 'Boolean',
    cycleId: 'String',
    delegateId: 'String',
    description: 'String',
    descriptionData: 'JSON',
    dueDate: 'TimelessDate',
    estimate: 'Int',
    inheritsSharedAccess: 'Boolean',
    labelIds: '[String!]',
    lastAppliedTemplateId: 'String',
    parentId: 'String',
    priority: 'Int',
    prioritySortOrder: 'Float',
    projectId: 'String',
    projectMilestoneId: 'String',
    releaseIds: '[String!]',
    removedLabelIds: '[String!]',
    removedReleaseIds: '[String!]',
    slaBreachesAt: 'DateTime',
    slaStartedAt: 'DateTime',
    slaType: 'SLADayCountType',
    snoozedById: 'String',
    snoozedUntilAt: 'DateTime',
    sortOrder: 'Float',
    stateId: 'String',
    subIssueSortOrder: 'Float',
    subscriberIds: '[String!]',
    teamId: 'String',
    title: 'String',
    trashed: 'Boolean',
    trusted: 'Boolean',
  },
  ProjectCreateInput: {
    color: 'String',
    content: 'String',
    convertedFromIssueId: 'String',
    description: 'String',
    icon: 'String',
    id: 'String',
    labelIds: '[String!]',
    lastAppliedTemplateId: 'String',
    leadId: 'String',
    leadTeamId: 'String',
    memberIds: '[String!]',
    name: 'String!',
    priority: 'Int',
    prioritySortOrder: 'Float',
    sortOrder: 'Float',
    startDate: 'TimelessDate',
    startDateResolution: 'DateResolutionType',
    statusId: 'String',
    targetDate: 'TimelessDate',
    targetDateResolution: 'DateResolutionType',
    teamIds: '[String!]!',
    templateId: 'String',
    useDefaultTemplate: 'Boolean',
  },
  ProjectUpdateInput: {
    canceledAt: 'DateTime',
    color: 'String',
    completedAt: 'DateTime',
    content: 'String',
    convertedFromIssueId: 'String',
    description: 'String',
    frequencyResolution: 'FrequencyResolutionType',
    icon: 'String',
    labelIds: '[String!]',
    lastAppliedTemplateId: 'String',
    leadId: 'String',
    leadTeamId: 'String',
    memberIds: '[String!]',
    name: 'String',
    priority: 'Int',
    prioritySortOrder: 'Float',
    projectUpdateRemindersPausedUntilAt: 'DateTime',
    slackIssueComments: 'Boolean',
    slackIssueStatuses: 'Boolean',
    slackNewIssue: 'Boolean',
    sortOrder: 'Float',
    startDate: 'TimelessDate',
    startDateResolution: 'DateResolutionType',
    statusId: 'String',
    targetDate: 'TimelessDate',
    targetDateResolution: 'DateResolutionType',
    teamIds: '[String!]',
    trashed: 'Boolean',
    updateReminderFrequency: 'Float',
    updateReminderFrequencyInWeeks: 'Float',
    updateRemindersDay: 'Day',
    updateRemindersHour: 'Int',
  },
} as const satisfies Record<string, Record<string, string>>;

/** The values of the enums those inputs use. */
export const LINEAR_INPUT_ENUMS: Record<string, readonly string[]> = {
  SLADayCountType: ['all', 'onlyBusinessDays'],
  DateResolutionType: ['halfYear', 'month', 'quarter', 'year'],
  FrequencyResolutionType: ['daily', 'weekly'],
  Day: ['Friday', 'Monday', 'Saturday', 'Sunday', 'Thursday', 'Tuesday', 'Wednesday'],
};

/** The name of one of the mutation inputs above. */
export type LinearInputTypeName = keyof typeof LINEAR_INPUT_TYPES;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INT32 = 2 ** 31;

/** A real calendar date written `YYYY-MM-DD` (Linear's `TimelessDate`). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** What is wrong with an input value, and where (a dotted path such as `additionalFields.labelIds.1`). */
export interface InputProblem {
  path: string;
  message: string;
}

/**
 * Checks a value against a GraphQL input type reference such as `[String!]` or `Int`, as Linear's
 * variable coercion would. Returns the problem, or undefined when the value fits.
 */
export function checkInputValue(typeRef: string, value: unknown, path: string): InputProblem | undefined {
  const fail = (message: string): InputProblem => ({ path, message });
  const nonNull = typeRef.endsWith('!');
  const type = nonNull ? typeRef.slice(0, -1) : typeRef;
  if (value === null) return nonNull ? fail('must not be null') : undefined;
  if (type.startsWith('[')) {
    if (!Array.isArray(value)) return fail('must be a list');
    const inner = type.slice(1, -1);
    for (const [index, item] of value.entries()) {
      const problem = checkInputValue(inner, item, `${path}.${index}`);
      if (problem) return problem;
    }
    return undefined;
  }
  switch (type) {
    case 'String':
    case 'ID':
      return typeof value === 'string' ? undefined : fail('must be a string');
    case 'Int':
      return Number.isInteger(value) && Math.abs(value as number) < INT32
        ? undefined
        : fail('must be an integer');
    case 'Float':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : fail('must be a number');
    case 'Boolean':
      return typeof value === 'boolean' ? undefined : fail('must be true or false');
    case 'DateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? undefined
        : fail('must be an ISO 8601 date-time');
    case 'TimelessDate':
      return isCalendarDate(value) ? undefined : fail('must be a date written YYYY-MM-DD');
    case 'JSON':
    case 'JSONObject':
      return undefined;
    default: {
      const values = LINEAR_INPUT_ENUMS[type];
      if (!values) return fail(`has the type ${type}, which this connector cannot check`);
      return typeof value === 'string' && values.includes(value)
        ? undefined
        : fail(`must be one of ${values.join(', ')}`);
    }
  }
}
