import { createHash } from 'node:crypto';
import { createDocumentRecord } from './linear-documents.js';
import { addProjectToInitiativeRecord, createInitiativeRecord } from './linear-initiatives.js';
import type { LinearWorkspace } from './linear-workspace.js';

/** A stable UUID (v4 layout) derived from a name, so seeded ids are the same in every run. */
export function seedUuid(name: string): string {
  const hex = createHash('sha1').update(`linear-sandbox:${name}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const STATE_NAMES = {
  backlog: 'Backlog',
  todo: 'Todo',
  inProgress: 'In Progress',
  inReview: 'In Review',
  done: 'Done',
  canceled: 'Canceled',
  duplicate: 'Duplicate',
} as const;
type StateKey = keyof typeof STATE_NAMES;

function teamIds(key: string) {
  const states = Object.fromEntries(
    Object.keys(STATE_NAMES).map((state) => [state, seedUuid(`state:${key}:${state}`)]),
  ) as Record<StateKey, string>;
  return { id: seedUuid(`team:${key}`), key, states };
}

/**
 * The ids of the seeded sandbox, stable across runs: users, the teams ENG, DES and OPS with their
 * workflow states, labels, ENG's cycles, three projects, one initiative, two documents and twelve issues (`ENG-3` has the
 * sub-issues `ENG-4` and `ENG-5`).
 */
export const LINEAR_SEED = {
  users: {
    ada: seedUuid('user:ada'),
    grace: seedUuid('user:grace'),
    alan: seedUuid('user:alan'),
    katherine: seedUuid('user:katherine'),
  },
  teams: { eng: teamIds('ENG'), des: teamIds('DES'), ops: teamIds('OPS') },
  labels: {
    bug: seedUuid('label:bug'),
    feature: seedUuid('label:feature'),
    improvement: seedUuid('label:improvement'),
  },
  cycles: {
    engPrevious: seedUuid('cycle:ENG:1'),
    engCurrent: seedUuid('cycle:ENG:2'),
    engNext: seedUuid('cycle:ENG:3'),
  },
  projectStatuses: {
    backlog: seedUuid('project-status:backlog'),
    planned: seedUuid('project-status:planned'),
    started: seedUuid('project-status:started'),
    completed: seedUuid('project-status:completed'),
    canceled: seedUuid('project-status:canceled'),
  },
  projects: {
    mobileLaunch: seedUuid('project:mobile-launch'),
    billing: seedUuid('project:billing'),
    designSystem: seedUuid('project:design-system'),
  },
  initiatives: { mobileFirst: seedUuid('initiative:mobile-first') },
  documents: { launchPlan: seedUuid('document:launch-plan'), runbook: seedUuid('document:runbook') },
} as const;

const DAY = 86_400_000;

interface SeedIssue {
  team: 'eng' | 'des' | 'ops';
  title: string;
  description?: string;
  state: StateKey;
  priority: number;
  assignee?: keyof typeof LINEAR_SEED.users;
  labels?: (keyof typeof LINEAR_SEED.labels)[];
  dueInDays?: number;
  project?: keyof typeof LINEAR_SEED.projects;
  cycle?: keyof typeof LINEAR_SEED.cycles;
  parent?: string;
}

const ISSUES: SeedIssue[] = [
  {
    team: 'eng',
    title: 'Set up CI pipeline for the mobile app',
    state: 'done',
    priority: 2,
    assignee: 'grace',
    labels: ['improvement'],
    project: 'mobileLaunch',
    cycle: 'engPrevious',
  },
  {
    team: 'eng',
    title: 'Crash when opening a notification on Android',
    description:
      'Steps:\n\n1. Receive a push notification\n2. Tap it while the app is closed\n\nThe app crashes on launch.',
    state: 'inProgress',
    priority: 1,
    assignee: 'alan',
    labels: ['bug'],
    dueInDays: 3,
    project: 'mobileLaunch',
    cycle: 'engCurrent',
  },
  {
    team: 'eng',
    title: 'Offline mode for the issue list',
    description: 'Users on the go need to read issues without a connection.',
    state: 'todo',
    priority: 2,
    assignee: 'ada',
    labels: ['feature'],
    project: 'mobileLaunch',
    cycle: 'engCurrent',
  },
  {
    team: 'eng',
    title: 'Cache issues in local storage',
    state: 'todo',
    priority: 3,
    assignee: 'grace',
    parent: 'ENG-3',
    project: 'mobileLaunch',
  },
  {
    team: 'eng',
    title: 'Sync changes when the connection returns',
    state: 'backlog',
    priority: 3,
    parent: 'ENG-3',
    project: 'mobileLaunch',
  },
  {
    team: 'eng',
    title: 'Invoices show the wrong currency symbol',
    state: 'inReview',
    priority: 2,
    assignee: 'alan',
    labels: ['bug'],
    dueInDays: 7,
    project: 'billing',
  },
  {
    team: 'eng',
    title: 'Migrate billing webhooks to the new event format',
    state: 'backlog',
    priority: 4,
    project: 'billing',
  },
  {
    team: 'des',
    title: 'App icon and splash screen',
    state: 'done',
    priority: 3,
    assignee: 'katherine',
    project: 'mobileLaunch',
  },
  {
    team: 'des',
    title: 'Empty states for the issue list',
    state: 'inProgress',
    priority: 2,
    assignee: 'katherine',
    labels: ['feature'],
    dueInDays: 10,
    project: 'mobileLaunch',
  },
  { team: 'des', title: 'Refresh the pricing page', state: 'todo', priority: 0, assignee: 'ada' },
  {
    team: 'ops',
    title: 'Rotate the database credentials',
    description: 'Quarterly rotation; see the runbook.',
    state: 'todo',
    priority: 1,
    assignee: 'grace',
    dueInDays: 2,
  },
  {
    team: 'ops',
    title: 'Set up uptime alerts for the API',
    state: 'backlog',
    priority: 3,
    assignee: 'alan',
    labels: ['improvement'],
  },
];

/** Fills a workspace with the sandbox's realistic data (the ids of `LINEAR_SEED`). */
export function seedLinearWorkspace(workspace: LinearWorkspace): void {
  const { users, teams, labels, cycles, projectStatuses, projects } = LINEAR_SEED;
  // One moment for every seeded user, so lists show them in the order they are added here, however
  // slowly the seed runs (newest first, ties kept in order).
  const joined = workspace.now();
  workspace.addUser({
    id: users.ada,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    admin: true,
    createdAt: joined,
  });
  workspace.addUser({ id: users.grace, name: 'Grace Hopper', email: 'grace@example.com', createdAt: joined });
  workspace.addUser({ id: users.alan, name: 'Alan Turing', email: 'alan@example.com', createdAt: joined });
  workspace.addUser({
    id: users.katherine,
    name: 'Katherine Johnson',
    email: 'katherine@example.com',
    createdAt: joined,
  });

  const stateIds = (states: Record<StateKey, string>) =>
    Object.fromEntries(Object.entries(states).map(([key, id]) => [STATE_NAMES[key as StateKey], id]));
  workspace.addTeam({
    id: teams.eng.id,
    key: 'ENG',
    name: 'Engineering',
    memberIds: [users.ada, users.grace, users.alan],
    stateIds: stateIds(teams.eng.states),
  });
  workspace.addTeam({
    id: teams.des.id,
    key: 'DES',
    name: 'Design',
    memberIds: [users.ada, users.katherine],
    stateIds: stateIds(teams.des.states),
  });
  workspace.addTeam({
    id: teams.ops.id,
    key: 'OPS',
    name: 'Operations',
    memberIds: [users.grace, users.alan],
    stateIds: stateIds(teams.ops.states),
  });

  workspace.addLabel({ id: labels.bug, name: 'Bug', color: '#eb5757' });
  workspace.addLabel({ id: labels.feature, name: 'Feature', color: '#bb87fc' });
  workspace.addLabel({ id: labels.improvement, name: 'Improvement', color: '#4ea7fc' });

  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const date = (days: number) => at(days).slice(0, 10);
  workspace.addCycle({
    id: cycles.engPrevious,
    teamId: teams.eng.id,
    number: 1,
    startsAt: at(-21),
    endsAt: at(-7),
  });
  workspace.addCycle({
    id: cycles.engCurrent,
    teamId: teams.eng.id,
    number: 2,
    startsAt: at(-7),
    endsAt: at(7),
  });
  workspace.addCycle({
    id: cycles.engNext,
    teamId: teams.eng.id,
    number: 3,
    startsAt: at(7),
    endsAt: at(21),
  });

  workspace.addProjectStatus({
    id: projectStatuses.backlog,
    name: 'Backlog',
    type: 'backlog',
    color: '#bec2c8',
  });
  workspace.addProjectStatus({
    id: projectStatuses.planned,
    name: 'Planned',
    type: 'planned',
    color: '#e2e2e2',
  });
  workspace.addProjectStatus({
    id: projectStatuses.started,
    name: 'In Progress',
    type: 'started',
    color: '#f2c94c',
  });
  workspace.addProjectStatus({
    id: projectStatuses.completed,
    name: 'Completed',
    type: 'completed',
    color: '#5e6ad2',
  });
  workspace.addProjectStatus({
    id: projectStatuses.canceled,
    name: 'Canceled',
    type: 'canceled',
    color: '#95a2b3',
  });

  workspace.createProject(
    {
      id: projects.mobileLaunch,
      name: 'Mobile App Launch',
      description: 'Ship the first public version of the mobile app.',
      teamIds: [teams.eng.id, teams.des.id],
      statusId: projectStatuses.started,
      color: '#5e6ad2',
      targetDate: date(60),
      memberIds: [users.ada, users.grace, users.katherine],
    },
    users.ada,
  );
  workspace.createProject(
    {
      id: projects.billing,
      name: 'Billing Revamp',
      description: 'Multi-currency invoices and the new webhook format.',
      teamIds: [teams.eng.id],
      statusId: projectStatuses.planned,
      color: '#26b5ce',
      targetDate: date(90),
      leadId: users.alan,
      memberIds: [users.alan],
    },
    users.alan,
  );

  workspace.createProject(
    {
      id: projects.designSystem,
      name: 'Design System',
      description: 'One component library for web and mobile.',
      teamIds: [teams.des.id],
      statusId: projectStatuses.backlog,
      color: '#f2994a',
      leadId: users.katherine,
      memberIds: [users.katherine],
    },
    users.katherine,
  );
  // One initiative, with the mobile launch in it: the other two projects can still join it.
  createInitiativeRecord(
    workspace,
    {
      id: LINEAR_SEED.initiatives.mobileFirst,
      name: 'Mobile first',
      description: 'Customers do their work from their phones by the end of the year.',
      status: 'Active',
      ownerId: users.grace,
      targetDate: date(120),
    },
    users.ada,
  );
  addProjectToInitiativeRecord(workspace, {
    id: seedUuid('initiative-to-project:mobile-first:mobile-launch'),
    initiativeId: LINEAR_SEED.initiatives.mobileFirst,
    projectId: projects.mobileLaunch,
  });

  createDocumentRecord(
    workspace,
    {
      id: LINEAR_SEED.documents.launchPlan,
      title: 'Launch plan',
      content: '# Launch plan\n\n- Beta to 100 users\n- Store listing\n- Press kit',
      projectId: projects.mobileLaunch,
    },
    users.ada,
  );
  createDocumentRecord(
    workspace,
    {
      id: LINEAR_SEED.documents.runbook,
      title: 'On-call runbook',
      content: '## Rotating credentials\n\nSee the vault; rotate quarterly.',
      teamId: teams.ops.id,
    },
    users.grace,
  );

  const created = new Map<string, string>();
  ISSUES.forEach((seed, index) => {
    const team = teams[seed.team];
    const issue = workspace.createIssue(
      {
        id: seedUuid(`issue:${seed.team}:${index}`),
        teamId: team.id,
        title: seed.title,
        description: seed.description,
        stateId: team.states[seed.state],
        priority: seed.priority,
        assigneeId: seed.assignee ? users[seed.assignee] : undefined,
        labelIds: seed.labels?.map((label) => labels[label]),
        dueDate: seed.dueInDays === undefined ? undefined : date(seed.dueInDays),
        projectId: seed.project ? projects[seed.project] : undefined,
        cycleId: seed.cycle ? cycles[seed.cycle] : undefined,
        parentId: seed.parent ? created.get(seed.parent) : undefined,
        createdAt: at(index - 40),
      },
      users.ada,
    );
    created.set(issue.identifier, issue.id);
  });
}
