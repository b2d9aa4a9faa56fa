import { NetworkError, NotFoundError, ProviderError, RateLimitError, ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { CREATE_ISSUE_MUTATION, createIssue } from './create-issue.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;

describe('createIssue', () => {
  it('sends a named, typed issueCreate that validates against Linear’s schema', () => {
    expect(CREATE_ISSUE_MUTATION.name).toBe('CreateIssue');
    expect(CREATE_ISSUE_MUTATION.kind).toBe('mutation');
    expectValidOperation(CREATE_ISSUE_MUTATION, {}, 50);
  });

  it('creates the issue with the fields given, in the team’s default state, and returns it', async () => {
    const issue = await h.client.run('createIssue', {
      teamId: ENG.id,
      title: 'Export issues as CSV',
      description: '**Why**: finance asks for it.',
      priority: 2,
      dueDate: '2030-02-28',
      cycleId: LINEAR_SEED.cycles.engCurrent,
      additionalFields: { assigneeId: LINEAR_SEED.users.grace, labelIds: [LINEAR_SEED.labels.feature] },
    });
    expectOutput(createIssue, issue);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({ method: 'POST', path: '/graphql', operationName: 'CreateIssue' });
    expect(sent?.query).toBe(CREATE_ISSUE_MUTATION.document);
    expect(sent?.headers.authorization).toBe(`Bearer ${h.sim.connection.credentials.accessToken}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.variables).toEqual({
      input: {
        // Chosen from the run's idempotency key (see issues-client-id.test.ts).
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        assigneeId: LINEAR_SEED.users.grace,
        labelIds: [LINEAR_SEED.labels.feature],
        teamId: ENG.id,
        title: 'Export issues as CSV',
        description: '**Why**: finance asks for it.',
        priority: 2,
        dueDate: '2030-02-28',
        cycleId: LINEAR_SEED.cycles.engCurrent,
      },
    });
    expect(issue).toMatchObject({
      identifier: 'ENG-8',
      number: 8,
      title: 'Export issues as CSV',
      description: '**Why**: finance asks for it.',
      priority: 2,
      priorityLabel: 'High',
      dueDate: '2030-02-28',
      labelIds: [LINEAR_SEED.labels.feature],
      state: { id: ENG.states.backlog, name: 'Backlog', type: 'backlog' },
      team: { id: ENG.id, key: 'ENG', name: 'Engineering' },
      cycle: { id: LINEAR_SEED.cycles.engCurrent, number: 2 },
      parent: null,
      assignee: { id: LINEAR_SEED.users.grace, name: 'Grace Hopper' },
    });
    expect(issue.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(issue.createdAt)).not.toBeNaN();
    expect(h.sim.workspace.issues.get(issue.id)?.identifier).toBe('ENG-8');
  });

  it('sends only the fields given, and statusId as stateId', async () => {
    const issue = await h.client.run('createIssue', {
      teamId: ENG.id,
      title: 'Minimal',
      statusId: ENG.states.todo,
    });
    expect(sentGraphql(h.sim)[0]?.variables).toEqual({
      input: { id: expect.any(String), teamId: ENG.id, title: 'Minimal', stateId: ENG.states.todo },
    });
    expect(issue.state).toMatchObject({ name: 'Todo', type: 'unstarted' });
  });

  it.each([
    [{ teamId: 'ENG', title: 'x' }, 'teamId'],
    [{ teamId: ENG.id, title: '   ' }, 'title'],
    [{ teamId: ENG.id }, 'title'],
    [{ teamId: ENG.id, title: 'x', priority: 5 }, 'priority'],
    [{ teamId: ENG.id, title: 'x', priority: 1.5 }, 'priority'],
    [{ teamId: ENG.id, title: 'x', dueDate: '2030-02-30' }, 'dueDate'],
    [{ teamId: ENG.id, title: 'x', statusId: 'Todo' }, 'statusId'],
    [{ teamId: ENG.id, title: 'x', cycleId: '42' }, 'cycleId'],
    [{ teamId: ENG.id, title: 'x', assignee: 'me' }, 'assignee'],
    [{ teamId: ENG.id, title: 'x', additionalFields: { assignee: 'me' } }, 'additionalFields.assignee'],
    [{ teamId: ENG.id, title: 'x', additionalFields: { labelIds: ['a', 7] } }, 'additionalFields.labelIds.1'],
    [{ teamId: ENG.id, title: 'x', additionalFields: { estimate: 'big' } }, 'additionalFields.estimate'],
    [{ teamId: ENG.id, title: 'x', additionalFields: { slaType: 'weekends' } }, 'additionalFields.slaType'],
    [
      { teamId: ENG.id, title: 'x', additionalFields: { stateId: ENG.states.todo } },
      'additionalFields.stateId',
    ],
    [{ teamId: ENG.id, title: 'x', additionalFields: { teamId: ENG.id } }, 'additionalFields.teamId'],
  ])('refuses %j before sending anything (%s)', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('createIssue', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('names the close field of IssueCreateInput when an additional field is misspelt', async () => {
    const error = await failure(
      h.client.run('createIssue', { teamId: ENG.id, title: 'x', additionalFields: { assigneeID: 'u' } }),
    );
    expect(error.message).toBe(
      'Invalid parameter "additionalFields.assigneeID": IssueCreateInput has no field "assigneeID" (did you mean assigneeId?)',
    );
  });

  it('refuses a bad additional field with a rejected promise, not a throw, when its run is called directly', async () => {
    const ctx = { linear: { run: () => Promise.reject(new Error('nothing may be sent')) } };
    let result: Promise<unknown> | undefined;
    expect(() => {
      result = createIssue.run(
        { teamId: ENG.id, title: 'x', additionalFields: { assigneeID: 'u' } },
        ctx as never,
        { signal: new AbortController().signal, idempotencyKey: crypto.randomUUID() } as never,
      );
    }).not.toThrow();
    const error = await failure(result!);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('additionalFields.assigneeID');
  });

  it('turns Linear’s refusal of an unknown team into a ProviderError with Linear’s message and code', async () => {
    const error = await failure(
      h.client.run('createIssue', { teamId: LINEAR_SEED.projects.billing, title: 'x' }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(NotFoundError.isInstance(error)).toBe(false);
    expect(error.providerCode).toBe('INPUT_ERROR');
    expect(error.providerMessage).toBe('Could not find referenced Team.');
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(h.sim.workspace.issues.size).toBe(12);
  });

  it('leaves exactly one issue and reports an unknown outcome when the connection drops after Linear applied it', async () => {
    h.sim.server.fault({
      type: 'reset-after-handler',
      match: (call) => (call.bodyJson as { operationName?: string }).operationName === 'CreateIssue',
    });
    const error = await failure(h.client.run('createIssue', { teamId: ENG.id, title: 'Once only' }));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/outcome is unknown/);
    expect(h.sim.server.calls).toHaveLength(1);
    const created = [...h.sim.workspace.issues.values()].filter((issue) => issue.title === 'Once only');
    expect(created).toHaveLength(1);
  });

  it('waits out Linear’s RATELIMITED refusal (HTTP 400) and sends the mutation again: it was not applied', async () => {
    h.sim.failNext({ kind: 'ratelimited', resetInMs: 40 });
    const issue = await h.client.run('createIssue', { teamId: ENG.id, title: 'After the wait' });
    const sent = sentGraphql(h.sim);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.variables).toEqual(sent[0]?.variables);
    expect(issue.identifier).toBe('ENG-8');
    expect([...h.sim.workspace.issues.values()].filter((i) => i.title === 'After the wait')).toHaveLength(1);
  });

  it('gives up with a RateLimitError carrying the wait when Linear asks for longer than the retry budget', async () => {
    h.sim.failNext({ kind: 'ratelimited', resetInMs: 3_600_000 });
    const error = await failure(h.client.run('createIssue', { teamId: ENG.id, title: 'Later' }));
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(error.providerCode).toBe('RATELIMITED');
    expect(h.sim.server.calls).toHaveLength(1);
  });

  it('names each priority in its JSON Schema, keeping the numbers as values', () => {
    const { priority } = createIssue.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(priority).toMatchObject({ type: 'integer', minimum: 0, maximum: 4, enum: [0, 1, 2, 3, 4] });
    expect(priority?.oneOf).toEqual([
      { const: 0, title: 'No priority' },
      { const: 1, title: 'Urgent' },
      { const: 2, title: 'High' },
      { const: 3, title: 'Medium' },
      { const: 4, title: 'Low' },
    ]);
  });
});
