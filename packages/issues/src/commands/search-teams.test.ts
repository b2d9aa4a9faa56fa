import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { linearQueryComplexity } from '../testing/index.js';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { SEARCH_TEAMS_QUERY, searchTeams } from './search-teams.js';

const h = useIssuesSimulator();

describe('searchTeams', () => {
  it('sends a named, typed query that stays far below Linear’s complexity limit however it is asked', () => {
    expect(SEARCH_TEAMS_QUERY).toMatchObject({ name: 'SearchTeams', kind: 'query' });
    expectValidOperation(SEARCH_TEAMS_QUERY, { first: 5, includeMembers: true, includeStates: true }, 2500);
    const plain = linearQueryComplexity(SEARCH_TEAMS_QUERY.document, {
      first: 50,
      includeMembers: false,
      includeStates: false,
    });
    expect(plain).toBeLessThanOrEqual(200);
  });

  it('matches part of the name, case-insensitively, without members or states by default', async () => {
    const result = await h.client.run('searchTeams', { name: 'ERAT' });
    expectOutput(searchTeams, result);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({
      operationName: 'SearchTeams',
      variables: {
        filter: { name: { containsIgnoreCase: 'ERAT' } },
        first: 50,
        includeMembers: false,
        includeStates: false,
      },
    });
    expect(sent?.query).toBe(SEARCH_TEAMS_QUERY.document);
    expect(result.nodes).toEqual([
      expect.objectContaining({
        id: LINEAR_SEED.teams.ops.id,
        key: 'OPS',
        name: 'Operations',
        visibility: 'public',
      }),
    ]);
    expect(result.nodes[0]).not.toHaveProperty('private');
    expect(result.nodes[0]).not.toHaveProperty('members');
    expect(result.nodes[0]).not.toHaveProperty('states');
  });

  it('includes members and workflow states when asked, five teams a page', async () => {
    const result = await h.client.run('searchTeams', {
      name: 'engineering',
      includeMembers: true,
      includeStates: true,
    });
    expectOutput(searchTeams, result);
    expect(sentGraphql(h.sim)[0]?.variables).toMatchObject({
      first: 5,
      includeMembers: true,
      includeStates: true,
    });
    const [team] = result.nodes;
    expect(team?.members?.nodes.map((member) => member.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
    ]);
    expect(team?.states?.nodes.map((state) => `${state.name}:${state.type}`)).toEqual([
      'Backlog:backlog',
      'Todo:unstarted',
      'In Progress:started',
      'In Review:started',
      'Done:completed',
      'Canceled:canceled',
      'Duplicate:canceled',
    ]);
  });

  it('follows every page of matching teams', async () => {
    for (let index = 1; index <= 12; index += 1) {
      h.sim.workspace.addTeam({ key: `SQ${index}`, name: `Squad ${index}` });
    }
    const result = await h.client.run('searchTeams', { name: 'squad', includeStates: true });
    expect(result.nodes).toHaveLength(12);
    const sent = sentGraphql(h.sim);
    expect(sent).toHaveLength(3);
    expect(sent[1]?.variables).toMatchObject({ after: result.nodes[4]?.id, first: 5 });
  });

  it('returns no teams, not an error, when none matches', async () => {
    expect(await h.client.run('searchTeams', { name: 'Marketing' })).toEqual({ nodes: [] });
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'eng', includeMembers: 'yes' }, 'includeMembers'],
  ])('refuses %j before sending (%s)', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('searchTeams', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
