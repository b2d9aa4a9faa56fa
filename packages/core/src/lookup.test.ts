import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from './command.js';
import { defineConnector } from './connector.js';
import {
  fillLookupInput,
  type Lookup,
  lookupChoices,
  lookupProblems,
  lookupReady,
  lookupRequestFor,
} from './lookup.js';

const searchTeams = defineCommand({
  key: 'searchTeams',
  title: 'Search Teams',
  description: 'Finds teams by name.',
  input: z.object({ name: z.string().min(1), limit: z.number().int().optional() }),
  annotations: { readOnly: true },
  run: async () => ({ nodes: [] }),
});

const teams: Lookup = {
  noun: 'teams',
  command: 'searchTeams',
  input: { name: '{query}' },
  items: 'nodes',
  value: 'id',
  label: ['name'],
};

function connectorWith(lookups: Record<string, Lookup>, extra: Record<string, unknown> = {}) {
  const createIssue = defineCommand({
    key: 'createIssue',
    title: 'Create Issue',
    description: 'Creates an issue.',
    input: z.object({ teamId: z.string(), statusId: z.string().optional() }),
    annotations: {},
    lookups,
    run: async () => ({}),
  });
  return defineConnector({
    id: 'tracker',
    title: 'Tracker',
    description: 'A test connector.',
    credentials: z.object({ apiKey: z.string() }),
    options: z.object({}),
    auth: { type: 'apiKey' },
    commands: { searchTeams, createIssue, ...extra } as { searchTeams: typeof searchTeams },
    createContext: () => ({ close: async () => undefined }),
    verify: async () => undefined,
  });
}

describe('lookups', () => {
  it('are kept on the command as plain JSON', () => {
    const connector = connectorWith({ teamId: teams });
    const command = (connector.commands as Record<string, { lookups?: Record<string, Lookup> }>).createIssue;
    expect(JSON.parse(JSON.stringify(command?.lookups))).toEqual({ teamId: teams });
    expect(lookupProblems(connector as never)).toEqual([]);
  });

  it('refuse, when the connector is defined, a command the connector lacks', () => {
    expect(() => connectorWith({ teamId: { ...teams, command: 'listTeams' } })).toThrow(
      'Lookup of createIssue.teamId: no command "listTeams" in this connector',
    );
    expect(() =>
      connectorWith({ teamId: { ...teams, whenQueryEmpty: { command: 'allTeams', input: {} } } }),
    ).toThrow('no command "allTeams"');
  });

  it('refuse a placeholder the lookup does not declare it needs', () => {
    expect(() => connectorWith({ statusId: { ...teams, input: { name: '{param:teamId}' } } })).toThrow(
      'input uses {param:teamId} but needs does not list "teamId"',
    );
  });

  it('do not report a strict id format refusing the sample of a parameter filled from another', () => {
    const listStates = defineCommand({
      key: 'listStates',
      title: 'List States',
      description: 'Lists a team’s states.',
      input: z.object({ teamId: z.string().regex(/^team_/) }),
      annotations: { readOnly: true },
      run: async () => ({ nodes: [] }),
    });
    const states: Lookup = {
      noun: 'states',
      command: 'listStates',
      input: { teamId: '{param:teamId}' },
      needs: ['teamId'],
      items: 'nodes',
      value: 'id',
      label: ['name'],
    };
    const connector = connectorWith({ statusId: states }, { listStates });
    expect(lookupProblems(connector as never)).toEqual([]);
  });

  it('report a parameter the command lacks and an input the listing command refuses', () => {
    const connector = connectorWith({
      projectId: teams,
      statusId: { ...teams, input: { name: '{param:teamId}', limit: 'ten' }, needs: ['teamId', 'cycle'] },
    });
    expect(lookupProblems(connector as never)).toEqual([
      'createIssue.projectId: createIssue has no parameter "projectId"',
      'createIssue.statusId: needs "cycle", which createIssue lacks',
      expect.stringMatching(/^createIssue\.statusId: searchTeams refuses its input: .*limit/),
    ]);
  });
});

describe('fillLookupInput', () => {
  it('puts the typed text and other parameters in place, keeping their types', () => {
    const input = {
      query: 'query T($id: String!) { team(id: $id) { id } }',
      variables: { id: '{param:teamId}', ids: ['{param:teamIds}'] },
      name: '{query}',
      note: 'about {query}',
      limit: 5,
    };
    expect(fillLookupInput(input, 'eng', { teamId: 't1', teamIds: ['a', 'b'] })).toEqual({
      query: 'query T($id: String!) { team(id: $id) { id } }',
      variables: { id: 't1', ids: [['a', 'b']] },
      name: 'eng',
      note: 'about {query}',
      limit: 5,
    });
  });
});

describe('lookupRequestFor', () => {
  const lookup: Lookup = {
    ...teams,
    whenQueryEmpty: { command: 'searchTeams', input: { name: 'a' }, items: 'teams.nodes' },
  };
  it('runs the fallback, with its own list path, while nothing is typed', () => {
    expect(lookupRequestFor(lookup, '  ')).toEqual({
      command: 'searchTeams',
      input: { name: 'a' },
      items: 'teams.nodes',
    });
    expect(lookupRequestFor(lookup, 'eng')).toEqual({
      command: 'searchTeams',
      input: { name: '{query}' },
      items: 'nodes',
    });
    expect(lookupRequestFor(teams, '').items).toBe('nodes');
  });
});

describe('lookupChoices', () => {
  const states: Lookup = {
    noun: 'workflow states',
    command: 'customGraphqlAction',
    input: { variables: { id: '{param:teamId}' } },
    needs: ['teamId'],
    items: 'team.states.nodes',
    value: 'id',
    label: ['{key} {name}', 'name', 'id'],
    detail: ['type'],
  };

  it('reads the value, the first label template that fills and a detail, from the list path', () => {
    const result = {
      team: {
        states: {
          nodes: [
            { id: 's1', key: 'T', name: 'Todo', type: 'unstarted' },
            { id: 's2', name: 'Done', type: 'Done' },
            { id: 's3' },
            { name: 'no id' },
          ],
        },
      },
    };
    expect(lookupChoices(states, result)).toEqual([
      { value: 's1', label: 'T Todo', detail: 'unstarted' },
      // A detail repeating the label is left out.
      { value: 's2', label: 'Done' },
      { value: 's3', label: 's3' },
    ]);
  });

  it('takes another list path (a fallback request), keeps only items with `where`, and formats fields', () => {
    const plans: Lookup = {
      noun: 'plans',
      command: 'getPlans',
      items: 'data',
      where: 'recurring',
      value: 'id',
      label: ['{unit_amount|minor} {currency|upper}'],
    };
    const result = {
      list: [
        { id: 'p1', unit_amount: 1250, currency: 'eur', recurring: { interval: 'month' } },
        { id: 'p2', unit_amount: 900, currency: 'eur', recurring: null },
      ],
    };
    expect(lookupChoices(plans, result, 'list')).toEqual([{ value: 'p1', label: '12.50 EUR' }]);
    expect(lookupChoices(plans, result)).toEqual([]);
    expect(lookupChoices(plans, { data: 'not a list' })).toEqual([]);
  });

  it('is ready once every parameter it needs is filled', () => {
    expect(lookupReady(states, {})).toBe(false);
    expect(lookupReady(states, { teamId: '' })).toBe(false);
    expect(lookupReady(states, { teamId: 't1' })).toBe(true);
    expect(lookupReady(teams, {})).toBe(true);
  });
});
