import type { FilterField } from '@c/core';
import { describe, expect, it } from 'vitest';
import fixtures from '../test/__fixtures__/commands.json';
import { buildFilter, FILTER_FIELDS, filterFieldsOf, mergeFilters, splitFilter } from './filter-value';

// The fields as the issues connector declares them on Search Issue's filter.
const filterSchema = (
  fixtures as unknown as Record<string, { inputSchema: { properties: Record<string, unknown> } }>
)['issues.searchIssues']?.inputSchema.properties.filter;
const fields = filterFieldsOf(filterSchema) as FilterField[];

describe('filter builder values', () => {
  it('reads the declared fields from the schema and refuses malformed ones', () => {
    expect(fields.map((field) => field.key)).toContain('priority');
    expect(filterFieldsOf({ [FILTER_FIELDS]: [{ key: 'a', title: 'A', path: [] }] })).toBeUndefined();
    expect(filterFieldsOf({ [FILTER_FIELDS]: [] })).toBeUndefined();
    expect(filterFieldsOf({ type: 'object' })).toBeUndefined();
  });

  it('writes each value at its path and deep-merges the JSON with them', () => {
    const filter = buildFilter(
      { team: 'team-eng', stateType: 'started', priority: 2, assignedToMe: true, label: 'Bug' },
      { team: { key: { eq: 'ENG' } }, title: { contains: 'crash' } },
      fields,
    );
    expect(filter).toEqual({
      team: { key: { eq: 'ENG' }, id: { eq: 'team-eng' } },
      title: { contains: 'crash' },
      state: { type: { eq: 'started' } },
      priority: { eq: 2 },
      assignee: { isMe: { eq: true } },
      labels: { some: { name: { eq: 'Bug' } } },
    });
    // Unset, empty and unticked fields add nothing.
    expect(buildFilter({ team: '', assignedToMe: false, priority: undefined }, {}, fields)).toEqual({});
  });

  it('splits a filter back into the fields it can show and the rest', () => {
    const { values, rest } = splitFilter(
      {
        team: { id: { eq: 'team-eng' }, key: { eq: 'ENG' } },
        priority: { eq: 7 },
        assignee: { isMe: { eq: true } },
        state: { type: { eq: 'started' } },
      },
      fields,
    );
    expect(values).toEqual({ team: 'team-eng', assignedToMe: true, stateType: 'started' });
    // A priority the list does not offer stays in the JSON, as does everything else.
    expect(rest).toEqual({ team: { key: { eq: 'ENG' } }, priority: { eq: 7 } });
    expect(buildFilter(values, rest, fields)).toEqual({
      team: { key: { eq: 'ENG' }, id: { eq: 'team-eng' } },
      priority: { eq: 7 },
      assignee: { isMe: { eq: true } },
      state: { type: { eq: 'started' } },
    });
    expect(splitFilter(undefined, fields)).toEqual({ values: {}, rest: {} });
  });

  it('lets a field win over the JSON where both set the same value', () => {
    expect(mergeFilters({ priority: { eq: 1 }, a: [1] }, { priority: { eq: 3 }, a: [2] })).toEqual({
      priority: { eq: 3 },
      a: [2],
    });
  });
});
