import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from './command.js';
import {
  FILTER_FIELDS_KEY,
  type FilterField,
  filterFieldProblems,
  filterFieldsMeta,
} from './filter-fields.js';
import type { Lookup } from './lookup.js';

const searchTeams = defineCommand({
  key: 'searchTeams',
  title: 'Search Teams',
  description: 'Finds teams by name.',
  input: z.object({ name: z.string().min(1) }),
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

const fields: FilterField[] = [
  { key: 'team', title: 'Team', path: ['team', 'id', 'eq'], type: 'string', lookup: teams },
  {
    key: 'priority',
    title: 'Priority',
    path: ['priority', 'eq'],
    type: 'integer',
    options: [
      { value: 1, title: 'Urgent' },
      { value: 2, title: 'High' },
    ],
  },
  { key: 'mine', title: 'Mine', path: ['assignee', 'isMe', 'eq'], type: 'boolean' },
];

function searchWith(declared: FilterField[]) {
  return defineCommand({
    key: 'searchIssues',
    title: 'Search Issues',
    description: 'Lists issues matching a filter.',
    input: z.object({
      filter: z
        .record(z.string(), z.unknown())
        .default({})
        .meta({ title: 'Filter', ...filterFieldsMeta(declared) }),
    }),
    annotations: { readOnly: true },
    run: async () => ({ nodes: [] }),
  });
}

describe('filter fields', () => {
  it('are declared on the parameter’s JSON Schema under an x- keyword, as plain JSON', () => {
    const schema = searchWith(fields).inputSchema as { properties: Record<string, Record<string, unknown>> };
    expect(FILTER_FIELDS_KEY).toBe('x-filter-fields');
    expect(schema.properties.filter).toMatchObject({ type: 'object', title: 'Filter', default: {} });
    expect(schema.properties.filter?.[FILTER_FIELDS_KEY]).toEqual(JSON.parse(JSON.stringify(fields)));
    // The wire format is unchanged: the value is the filter object itself.
    expect(searchWith(fields).parse({ filter: { priority: { eq: 1 } } })).toEqual({
      filter: { priority: { eq: 1 } },
    });
  });

  it.each([
    [[fields[1], fields[1]], /declared twice/],
    [[{ ...fields[0], path: [] }], /needs a path/],
    [[{ ...fields[0], path: ['team', ''] }], /needs a path/],
    [[{ ...fields[1], options: [{ value: 'high', title: 'High' }] }], /not a titled integer/],
    [[{ ...fields[0], lookup: { ...teams, label: [] } }], /label needs at least one template/],
    [
      [{ ...fields[0], lookup: { ...teams, input: { name: '{param:teamId}' }, needs: ['teamId'] } }],
      /cannot depend on other parameters/,
    ],
  ])('refuses a malformed declaration (%#)', (declared, message) => {
    expect(() => filterFieldsMeta(declared as FilterField[])).toThrow(message);
  });

  it('reports lookups that run a missing command or one that refuses their input', () => {
    const commands = { searchTeams, searchIssues: searchWith(fields) };
    expect(filterFieldProblems({ commands })).toEqual([]);
    const broken = searchWith([
      { ...(fields[0] as FilterField), lookup: { ...teams, command: 'listTeams' } },
      { ...(fields[0] as FilterField), key: 'team2', lookup: { ...teams, input: { name: 7 } } },
    ]);
    expect(filterFieldProblems({ commands: { searchTeams, searchIssues: broken } })).toEqual([
      'searchIssues.filter › team: no command "listTeams"',
      expect.stringMatching(/^searchIssues\.filter › team2: searchTeams refuses its input: /),
    ]);
  });
});
