import type { LinearClient } from '@linear/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUES_API_VERSION } from '../issues-client.js';
import { issuesSimulator, LINEAR_SEED, type RunningIssuesSimulator } from './index.js';

// The official client drives the simulator through the calls a new user of @linear/sdk makes
// first, then through a typical integration's script. Every document it sends must validate
// (violations are checked at the end) and every answer must carry the workspace's data. The suite
// runs with the release whose schema the simulator serves (98.0.0) and with 91.0.0, the previous
// published schema, which must keep working.

/** A `LinearClient` class of any release the suite runs (their option types agree). */
export type LinearClientClass = new (options: {
  apiKey?: string;
  accessToken?: string;
  apiUrl?: string;
}) => LinearClient;

/** Declares the conformance suite for one release of the SDK. */
export function describeSdkConformance(LinearClientOf: LinearClientClass, SDK_VERSION: string): void {
  let sim: RunningIssuesSimulator;
  let linear: LinearClient;
  const results: { call: string; ok: boolean; detail: string }[] = [];

  /** Runs one SDK call, records it for the table, and hands its value to the assertions. */
  async function call<T>(
    name: string,
    run: () => Promise<T>,
    describeValue: (value: T) => string,
  ): Promise<T> {
    try {
      const value = await run();
      results.push({ call: name, ok: true, detail: describeValue(value) });
      return value;
    } catch (error) {
      results.push({ call: name, ok: false, detail: (error as Error).message.split('\n')[0]!.slice(0, 80) });
      throw error;
    }
  }

  const { eng, des } = LINEAR_SEED.teams;

  beforeAll(async () => {
    sim = await issuesSimulator.start({ seed: true });
    linear = new LinearClientOf({ apiKey: sim.apiKey, apiUrl: sim.graphqlUrl });
  });

  afterAll(async () => {
    const violations = [...sim.server.violations];
    await sim.close();
    const width = Math.max(...results.map((result) => result.call.length));
    const lines = results.map(
      (result) => `${result.ok ? 'pass' : 'FAIL'}  ${result.call.padEnd(width)}  ${result.detail}`,
    );
    const passed = results.filter((result) => result.ok).length;
    console.log(
      [
        `@linear/sdk ${SDK_VERSION} against the Linear simulator (schema of ${ISSUES_API_VERSION}): ${passed} of ${results.length} calls pass`,
        ...lines,
      ].join('\n'),
    );
    expect(violations).toEqual([]);
  });

  describe(`@linear/sdk ${SDK_VERSION} against the simulator`, () => {
    it('reads the viewer and the organization', async () => {
      const viewer = await call(
        'viewer',
        () => linear.viewer,
        (user) => user.name,
      );
      expect(viewer).toMatchObject({
        id: LINEAR_SEED.users.ada,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      });
      expect(viewer.admin).toBe(true);
      const organization = await call(
        'organization',
        () => linear.organization,
        (org) => org.name,
      );
      expect(organization).toMatchObject({ name: 'Acme (sandbox)', urlKey: 'acme' });
      const members = await call(
        'organization.users()',
        () => organization.users(),
        (page) => `${page.nodes.length} users`,
      );
      expect(members.nodes.map((user) => user.name).sort()).toEqual([
        'Ada Lovelace',
        'Alan Turing',
        'Grace Hopper',
        'Katherine Johnson',
      ]);
      const assigned = await call(
        'viewer.assignedIssues()',
        () => viewer.assignedIssues(),
        (page) => `${page.nodes.length} issues`,
      );
      expect(assigned.nodes.map((issue) => issue.identifier).sort()).toEqual(['DES-3', 'ENG-3']);
    });

    it('authenticates with an OAuth access token as well as a personal API key', async () => {
      const oauth = new LinearClientOf({
        accessToken: sim.connection.credentials.accessToken,
        apiUrl: sim.graphqlUrl,
      });
      const viewer = await call(
        'viewer (OAuth token)',
        () => oauth.viewer,
        (user) => user.name,
      );
      expect(viewer.id).toBe(LINEAR_SEED.users.ada);
      const bearer = sim.server.calls.at(-1)?.headers.authorization;
      expect(bearer).toBe(`Bearer ${sim.connection.credentials.accessToken}`);
    });

    it('lists users and reads one', async () => {
      const users = await call(
        'users()',
        () => linear.users(),
        (page) => `${page.nodes.length} users`,
      );
      expect(users.nodes).toHaveLength(4);
      const grace = await call(
        'user(id)',
        () => linear.user(LINEAR_SEED.users.grace),
        (user) => user.email,
      );
      expect(grace).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', active: true });
    });

    it('pages through teams with fetchNext', async () => {
      const first = await call(
        'teams({first: 2})',
        () => linear.teams({ first: 2 }),
        (page) => page.nodes.map((team) => team.key).join(','),
      );
      expect(first.nodes).toHaveLength(2);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const all = await call(
        'teams().fetchNext()',
        () => first.fetchNext(),
        (page) => page.nodes.map((team) => team.key).join(','),
      );
      expect(all.nodes.map((team) => team.key).sort()).toEqual(['DES', 'ENG', 'OPS']);
      expect(all.pageInfo.hasNextPage).toBe(false);
      const filtered = await call(
        'teams({filter})',
        () => linear.teams({ filter: { name: { containsIgnoreCase: 'des' } } }),
        (page) => page.nodes.map((team) => team.key).join(','),
      );
      expect(filtered.nodes.map((team) => team.key)).toEqual(['DES']);
    });

    it('reads a team, its workflow states, members and labels', async () => {
      const team = await call(
        'team(id)',
        () => linear.team(eng.id),
        (value) => value.key,
      );
      expect(team).toMatchObject({ id: eng.id, key: 'ENG', name: 'Engineering' });
      const states = await call(
        'team.states()',
        () => team.states(),
        (page) => page.nodes.map((state) => state.name).join(','),
      );
      expect(states.nodes.map((state) => [state.name, state.type])).toEqual([
        ['Backlog', 'backlog'],
        ['Todo', 'unstarted'],
        ['In Progress', 'started'],
        ['In Review', 'started'],
        ['Done', 'completed'],
        ['Canceled', 'canceled'],
        ['Duplicate', 'canceled'],
      ]);
      const members = await call(
        'team.members()',
        () => team.members(),
        (page) => `${page.nodes.length} members`,
      );
      expect(members.nodes.map((user) => user.name).sort()).toEqual([
        'Ada Lovelace',
        'Alan Turing',
        'Grace Hopper',
      ]);
      const workflowStates = await call(
        'workflowStates({filter: team})',
        () => linear.workflowStates({ filter: { team: { id: { eq: des.id } } } }),
        (page) => `${page.nodes.length} states`,
      );
      expect(workflowStates.nodes).toHaveLength(7);
      const done = await call(
        'workflowState(id)',
        () => linear.workflowState(eng.states.done),
        (state) => state.name,
      );
      expect(done).toMatchObject({ name: 'Done', type: 'completed' });
      expect(
        (
          await call(
            'workflowState.team',
            async () => (await done.team)!,
            (value) => value.key,
          )
        ).key,
      ).toBe('ENG');
    });

    it('pages through issues and follows an issue’s relations', async () => {
      const first = await call(
        'issues({first: 5})',
        () => linear.issues({ first: 5 }),
        (page) => `${page.nodes.length} issues, next ${page.pageInfo.hasNextPage}`,
      );
      expect(first.nodes).toHaveLength(5);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = await call(
        'issues().fetchNext()',
        () => first.fetchNext(),
        (page) => `${page.nodes.length} issues`,
      );
      expect(second.nodes).toHaveLength(10);
      const filtered = await call(
        'issues({filter: team, state})',
        () => linear.issues({ filter: { team: { key: { eq: 'ENG' } }, state: { type: { eq: 'started' } } } }),
        (page) => page.nodes.map((issue) => issue.identifier).join(','),
      );
      expect(filtered.nodes.map((issue) => issue.identifier).sort()).toEqual(['ENG-2', 'ENG-6']);
      const issue = await call(
        'issue(identifier)',
        () => linear.issue('ENG-3'),
        (value) => value.identifier,
      );
      expect(issue).toMatchObject({
        identifier: 'ENG-3',
        title: 'Offline mode for the issue list',
        priority: 2,
      });
      const state = await call(
        'issue.state',
        async () => (await issue.state)!,
        (value) => value.name,
      );
      expect(state.name).toBe('Todo');
      const assignee = await call(
        'issue.assignee',
        async () => (await issue.assignee)!,
        (value) => value.name,
      );
      expect(assignee.name).toBe('Ada Lovelace');
      const children = await call(
        'issue.children()',
        () => issue.children(),
        (page) => page.nodes.map((child) => child.identifier).join(','),
      );
      expect(children.nodes.map((child) => child.identifier).sort()).toEqual(['ENG-4', 'ENG-5']);
      const labels = await call(
        'issue.labels()',
        () => issue.labels(),
        (page) => page.nodes.map((label) => label.name).join(','),
      );
      expect(labels.nodes.map((label) => label.name)).toEqual(['Feature']);
    });

    it('creates, updates, archives and deletes an issue', async () => {
      const created = await call(
        'createIssue',
        () =>
          linear.createIssue({
            teamId: eng.id,
            title: 'From the SDK',
            description: 'Made by **@linear/sdk**',
            priority: 2,
            labelIds: [LINEAR_SEED.labels.bug],
          }),
        (payload) => `success ${payload.success}`,
      );
      expect(created.success).toBe(true);
      const issue = (await created.issue)!;
      expect(issue).toMatchObject({
        identifier: 'ENG-8',
        title: 'From the SDK',
        priority: 2,
        priorityLabel: 'High',
      });
      expect(sim.workspace.issues.get(issue.id)?.labelIds).toEqual([LINEAR_SEED.labels.bug]);

      const updated = await call(
        'updateIssue',
        () => linear.updateIssue(issue.id, { title: 'Renamed by the SDK', stateId: eng.states.inProgress }),
        (payload) => `success ${payload.success}`,
      );
      expect(updated.success).toBe(true);
      const after = (await updated.issue)!;
      expect(after.title).toBe('Renamed by the SDK');
      expect((await after.state)?.name).toBe('In Progress');
      expect(sim.workspace.issues.get(issue.id)?.startedAt).not.toBeNull();

      const archived = await call(
        'archiveIssue',
        () => linear.archiveIssue(issue.id),
        (payload) => `success ${payload.success}`,
      );
      expect(archived.success).toBe(true);
      expect(sim.workspace.issues.get(issue.id)?.archivedAt).not.toBeNull();
      const unarchived = await call(
        'unarchiveIssue',
        () => linear.unarchiveIssue(issue.id),
        (payload) => `success ${payload.success}`,
      );
      expect(unarchived.success).toBe(true);
      expect(sim.workspace.issues.get(issue.id)?.archivedAt).toBeNull();

      const deleted = await call(
        'deleteIssue',
        () => linear.deleteIssue(issue.id),
        (payload) => `success ${payload.success}`,
      );
      expect(deleted.success).toBe(true);
      expect(sim.workspace.issues.get(issue.id)?.trashed).toBe(true);
      const listed = await linear.issues({ filter: { id: { eq: issue.id } } });
      expect(listed.nodes).toEqual([]);
    });

    it('lists issue labels and creates one', async () => {
      const labels = await call(
        'issueLabels()',
        () => linear.issueLabels(),
        (page) => page.nodes.map((label) => label.name).join(','),
      );
      expect(labels.nodes.map((label) => label.name).sort()).toEqual(['Bug', 'Feature', 'Improvement']);
      const created = await call(
        'createIssueLabel',
        () => linear.createIssueLabel({ name: 'Regression', color: '#ff0000', teamId: eng.id }),
        (payload) => `success ${payload.success}`,
      );
      expect(created.success).toBe(true);
      const label = (await created.issueLabel)!;
      expect(label).toMatchObject({ name: 'Regression', color: '#ff0000' });
      expect((await label.team)?.key).toBe('ENG');
      const engLabels = await call(
        'team.labels()',
        async () => (await linear.team(eng.id)).labels(),
        (page) => `${page.nodes.length} labels`,
      );
      expect(engLabels.nodes.map((item) => item.name).sort()).toEqual([
        'Bug',
        'Feature',
        'Improvement',
        'Regression',
      ]);
      const desLabels = await (await linear.team(des.id)).labels();
      expect(desLabels.nodes.map((item) => item.name)).not.toContain('Regression');
    });

    it('lists projects, reads one with its status, creates and updates one', async () => {
      const projects = await call(
        'projects()',
        () => linear.projects(),
        (page) => page.nodes.map((project) => project.name).join(','),
      );
      expect(projects.nodes.map((project) => project.name).sort()).toEqual([
        'Billing Revamp',
        'Design System',
        'Mobile App Launch',
      ]);
      const project = await call(
        'project(id)',
        () => linear.project(LINEAR_SEED.projects.mobileLaunch),
        (value) => value.name,
      );
      expect(project).toMatchObject({ name: 'Mobile App Launch' });
      const status = await call(
        'project.status',
        async () => (await project.status)!,
        (value) => value.name,
      );
      expect(status).toMatchObject({
        id: LINEAR_SEED.projectStatuses.started,
        name: 'In Progress',
        type: 'started',
      });
      const teams = await call(
        'project.teams()',
        () => project.teams(),
        (page) => page.nodes.map((team) => team.key).join(','),
      );
      expect(teams.nodes.map((team) => team.key).sort()).toEqual(['DES', 'ENG']);
      const projectIssues = await call(
        'project.issues()',
        () => project.issues(),
        (page) => `${page.nodes.length} issues`,
      );
      expect(projectIssues.nodes).toHaveLength(7);

      const created = await call(
        'createProject',
        () =>
          linear.createProject({
            name: 'Design system',
            teamIds: [des.id],
            statusId: LINEAR_SEED.projectStatuses.planned,
            targetDate: '2031-06-30',
          }),
        (payload) => `success ${payload.success}`,
      );
      expect(created.success).toBe(true);
      const made = (await created.project)!;
      expect(made).toMatchObject({ name: 'Design system', targetDate: '2031-06-30' });
      expect((await made.status)?.type).toBe('planned');

      const updated = await call(
        'updateProject',
        () =>
          linear.updateProject(made.id, {
            name: 'Design system 2',
            statusId: LINEAR_SEED.projectStatuses.started,
          }),
        (payload) => `success ${payload.success}`,
      );
      expect(updated.success).toBe(true);
      const renamed = (await updated.project)!;
      expect(renamed.name).toBe('Design system 2');
      expect((await renamed.status)?.name).toBe('In Progress');
      expect(sim.workspace.projects.get(made.id)?.startedAt).not.toBeNull();

      const deleted = await call(
        'deleteProject',
        () => linear.deleteProject(made.id),
        (payload) => `success ${payload.success}`,
      );
      expect(deleted.success).toBe(true);
      expect(sim.workspace.projects.get(made.id)?.trashed).toBe(true);
      // projectDelete is Linear's archive now (projectArchive is deprecated in its favour): restorable.
      const restored = await call(
        'unarchiveProject',
        () => linear.unarchiveProject(made.id),
        (payload) => `success ${payload.success}`,
      );
      expect(restored.success).toBe(true);
      expect(sim.workspace.projects.get(made.id)).toMatchObject({ trashed: null, archivedAt: null });
      const statuses = await call(
        'projectStatuses()',
        () => linear.projectStatuses(),
        (page) => `${page.nodes.length} statuses`,
      );
      expect(statuses.nodes.map((item) => item.type).sort()).toEqual([
        'backlog',
        'canceled',
        'completed',
        'planned',
        'started',
      ]);
    });

    it('comments on an issue and lists the comments', async () => {
      const issue = await linear.issue('ENG-2');
      const created = await call(
        'createComment',
        () => linear.createComment({ issueId: issue.id, body: 'Reproduced on **Android 15**.' }),
        (payload) => `success ${payload.success}`,
      );
      expect(created.success).toBe(true);
      const comment = (await created.comment)!;
      expect(comment.body).toBe('Reproduced on **Android 15**.');
      expect((await comment.user)?.name).toBe('Ada Lovelace');
      expect((await comment.issue)?.identifier).toBe('ENG-2');
      const reply = await call(
        'createComment (reply)',
        () =>
          linear.createComment({ issueId: issue.id, body: 'Fixed in the next build.', parentId: comment.id }),
        (payload) => `success ${payload.success}`,
      );
      expect((await (await reply.comment)!.parent)?.id).toBe(comment.id);

      const onIssue = await call(
        'issue.comments()',
        () => issue.comments(),
        (page) => `${page.nodes.length} comments`,
      );
      expect(onIssue.nodes.map((item) => item.body).sort()).toEqual([
        'Fixed in the next build.',
        'Reproduced on **Android 15**.',
      ]);
      const all = await call(
        'comments({filter: issue})',
        () => linear.comments({ filter: { issue: { id: { eq: issue.id } } } }),
        (page) => `${page.nodes.length} comments`,
      );
      expect(all.nodes).toHaveLength(2);
      const one = await call(
        'comment({id})',
        () => linear.comment({ id: comment.id }),
        (value) => value.body.slice(0, 20),
      );
      expect(one.id).toBe(comment.id);
    });

    it('reads the viewer’s organization, notifications, rate-limit status and team memberships', async () => {
      const organization = await call(
        'viewer.organization',
        async () => (await linear.viewer).organization,
        (org) => org.urlKey,
      );
      expect(organization.urlKey).toBe('acme');
      const notifications = await call(
        'notifications()',
        () => linear.notifications(),
        (page) => `${page.nodes.length} notifications`,
      );
      expect(notifications.nodes).toEqual([]);
      const status = await call(
        'rateLimitStatus',
        () => linear.rateLimitStatus,
        (payload) => payload.limits.map((limit) => `${limit.type} ${limit.remainingAmount}`).join(', '),
      );
      expect(status.limits.map((limit) => limit.type)).toEqual(['requestLimit', 'complexityLimit']);
      expect(status.limits[0]!.remainingAmount).toBeLessThan(status.limits[0]!.allowedAmount);
      const memberships = await call(
        'teamMemberships()',
        () => linear.teamMemberships({ first: 50 }),
        (page) => `${page.nodes.length} memberships`,
      );
      const members = await (await linear.team(eng.id)).members();
      const engMemberships = [];
      for (const membership of memberships.nodes) {
        if ((await membership.team)?.id === eng.id) engMemberships.push((await membership.user)?.id);
      }
      expect(engMemberships.sort()).toEqual(members.nodes.map((user) => user.id).sort());
    });

    it('triages an issue: a label of a group, a comment thread resolved, a reaction', async () => {
      const issue = (await linear.issue('ENG-6'))!;
      const group = (await (
        await linear.createIssueLabel({ name: 'Severity', teamId: eng.id, isGroup: true })
      ).issueLabel)!;
      const high = (await (
        await linear.createIssueLabel({ name: 'Sev 1', teamId: eng.id, parentId: group.id })
      ).issueLabel)!;
      const labelled = await call(
        'issueAddLabel',
        () => linear.issueAddLabel(issue.id, high.id),
        (payload) => `success ${payload.success}`,
      );
      expect((await labelled.issue)?.labelIds).toContain(high.id);
      const thread = (await (
        await linear.createComment({ issueId: issue.id, body: 'Seen in prod?' })
      ).comment)!;
      const resolved = await call(
        'commentResolve',
        () => linear.commentResolve(thread.id),
        (payload) => `success ${payload.success}`,
      );
      expect((await resolved.comment)?.resolvedAt).toBeTruthy();
      const reaction = await call(
        'createReaction',
        () => linear.createReaction({ issueId: issue.id, emoji: '+1' }),
        (payload) => `success ${payload.success}`,
      );
      expect((await reaction.reaction)?.emoji).toBe('+1');
    });
    it('links issues: an attachment (the same URL updates it), relations read both ways, removals', async () => {
      const issue = (await linear.issue('ENG-7'))!;
      const other = (await linear.issue('ENG-2'))!;
      const url = 'https://github.com/acme/app/pull/9';
      const attached = await call(
        'createAttachment',
        () => linear.createAttachment({ issueId: issue.id, url, title: 'PR #9' }),
        (payload) => `success ${payload.success}`,
      );
      const first = (await attached.attachment)!;
      const again = (await (
        await linear.createAttachment({ issueId: issue.id, url, title: 'PR #9 merged' })
      ).attachment)!;
      expect(again.id).toBe(first.id);
      const attachments = await call(
        'issue.attachments()',
        () => issue.attachments(),
        (page) => `${page.nodes.length} attachments`,
      );
      expect(attachments.nodes.map((a) => [a.url, a.title])).toEqual([[url, 'PR #9 merged']]);
      const related = await call(
        'createIssueRelation',
        () =>
          linear.createIssueRelation({
            issueId: issue.id,
            relatedIssueId: other.id,
            type: 'blocks' as never,
          }),
        (payload) => `success ${payload.success}`,
      );
      const relation = (await related.issueRelation)!;
      const outward = await call(
        'issue.relations()',
        () => issue.relations(),
        (page) => `${page.nodes.length} relations`,
      );
      expect(outward.nodes.map((r) => r.type)).toEqual(['blocks']);
      expect((await outward.nodes[0]!.relatedIssue)?.id).toBe(other.id);
      const inward = await call(
        'issue.inverseRelations()',
        () => other.inverseRelations(),
        (page) => `${page.nodes.length} inverse relations`,
      );
      expect(inward.nodes.map((r) => r.id)).toEqual([relation.id]);
      await call(
        'deleteIssueRelation',
        () => linear.deleteIssueRelation(relation.id),
        (payload) => `success ${payload.success}`,
      );
      await call(
        'deleteAttachment',
        () => linear.deleteAttachment(first.id),
        (payload) => `success ${payload.success}`,
      );
      expect((await issue.attachments()).nodes).toEqual([]);
      expect((await issue.relations()).nodes).toEqual([]);
    });
    it('plans a project: updates with their health, milestones', async () => {
      const project = await linear.project(LINEAR_SEED.projects.billing);
      const posted = await call(
        'createProjectUpdate',
        () =>
          linear.createProjectUpdate({
            projectId: project.id,
            body: 'Invoices late',
            health: 'atRisk' as never,
          }),
        (payload) => `success ${payload.success}`,
      );
      expect((await posted.projectUpdate)?.health).toBe('atRisk');
      const updates = await call(
        'project.projectUpdates()',
        () => project.projectUpdates(),
        (page) => `${page.nodes.length} updates`,
      );
      expect(updates.nodes.map((update) => update.body)).toEqual(['Invoices late']);
      const added = await call(
        'createProjectMilestone',
        () =>
          linear.createProjectMilestone({
            projectId: project.id,
            name: 'Invoices',
            targetDate: '2031-01-15',
          }),
        (payload) => `success ${payload.success}`,
      );
      expect((await added.projectMilestone)?.name).toBe('Invoices');
      const milestones = await call(
        'project.projectMilestones()',
        () => project.projectMilestones(),
        (page) => `${page.nodes.length} milestones`,
      );
      expect(milestones.nodes.map((milestone) => [milestone.name, milestone.targetDate])).toEqual([
        ['Invoices', '2031-01-15'],
      ]);
    });

    it('plans initiatives: create, list, update, add projects once, a document in one', async () => {
      const made = await call(
        'createInitiative',
        () => linear.createInitiative({ name: 'Self-serve', targetDate: '2031-09-30' }),
        (payload) => `success ${payload.success}`,
      );
      const initiative = (await made.initiative)!;
      expect(initiative.status).toBe('Planned');
      expect((await initiative.owner)?.id).toBe(LINEAR_SEED.users.ada);
      const listed = await call(
        'initiatives()',
        () => linear.initiatives(),
        (page) => `${page.nodes.length} initiatives`,
      );
      expect(listed.nodes.map((node) => node.name)).toEqual(
        expect.arrayContaining(['Self-serve', 'Mobile first']),
      );
      const changed = await call(
        'updateInitiative',
        () => linear.updateInitiative(initiative.id, { status: 'Active' as never }),
        (payload) => `success ${payload.success}`,
      );
      expect((await changed.initiative)?.startedAt).toBeInstanceOf(Date);
      const link = await call(
        'createInitiativeToProject',
        () =>
          linear.createInitiativeToProject({
            initiativeId: initiative.id,
            projectId: LINEAR_SEED.projects.designSystem,
          }),
        (payload) => `success ${payload.success}`,
      );
      expect((await (await link.initiativeToProject)?.project)?.name).toBe('Design System');
      // Linear's rule: a project appears once in an initiative.
      await expect(
        linear.createInitiativeToProject({
          initiativeId: initiative.id,
          projectId: LINEAR_SEED.projects.designSystem,
        }),
      ).rejects.toThrow(/only appear once/);
      const read = await call(
        'initiative(id).projects()',
        async () => (await linear.initiative(initiative.id)).projects(),
        (page) => `${page.nodes.length} projects`,
      );
      expect(read.nodes.map((project) => project.name)).toEqual(['Design System']);
      const written = await call(
        'createDocument (initiative)',
        () => linear.createDocument({ title: 'Self-serve brief', initiativeId: initiative.id }),
        (payload) => `success ${payload.success}`,
      );
      expect((await (await written.document)?.initiative)?.id).toBe(initiative.id);
    });

    it('writes a document: create in a project, read by slug, search, update, delete', async () => {
      const created = await call(
        'createDocument',
        () =>
          linear.createDocument({
            title: 'Design review',
            content: '# Notes\n\nShip the dark theme.',
            projectId: LINEAR_SEED.projects.mobileLaunch,
          }),
        (payload) => `success ${payload.success}`,
      );
      const document = (await created.document)!;
      const read = await call(
        'document(slug)',
        () => linear.document(document.slugId),
        (found) => found.title,
      );
      expect(read.id).toBe(document.id);
      expect((await read.project)?.id).toBe(LINEAR_SEED.projects.mobileLaunch);
      const found = await call(
        'searchDocuments',
        () => linear.searchDocuments('dark theme'),
        (page) => `${page.nodes.length} documents`,
      );
      expect(found.nodes.map((node) => node.id)).toEqual([document.id]);
      const updated = await call(
        'updateDocument',
        () => linear.updateDocument(document.id, { title: 'Design review (done)' }),
        (payload) => `success ${payload.success}`,
      );
      expect((await updated.document)?.title).toBe('Design review (done)');
      await call(
        'deleteDocument',
        () => linear.deleteDocument(document.id),
        (payload) => `success ${payload.success}`,
      );
      expect((await linear.searchDocuments('dark theme')).nodes).toEqual([]);
    });
  });
}
