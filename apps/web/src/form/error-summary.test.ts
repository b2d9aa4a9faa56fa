import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { describeProblems, jsonFieldPaths, pathOf } from './error-summary';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    start: { type: 'string', title: 'Start Date' },
    groupBy: { type: 'array', title: 'Group By', items: { type: 'string' } },
    event2: {
      type: 'object',
      title: 'Second Event',
      properties: { event_type: { type: 'string', title: 'Event Type' } },
    },
  },
};

describe('pathOf', () => {
  it('reads rjsf property accessors', () => {
    expect(pathOf('.groupBy.0')).toEqual(['groupBy', '0']);
    expect(pathOf(".a['first-name'][2]")).toEqual(['a', 'first-name', '2']);
    expect(pathOf('')).toEqual([]);
  });
});

describe('describeProblems', () => {
  it('puts an array item’s problem on its field, naming the item, and groups by field', () => {
    const problems = describeProblems(
      [
        {
          name: 'type',
          property: '.groupBy.0',
          message: 'Must be text.',
          params: { type: 'string' },
          stack: '',
        },
        { name: 'required', property: '.start', message: 'This field is required.', stack: '' },
        {
          name: 'type',
          property: '.groupBy.1',
          message: 'Must be text.',
          params: { type: 'string' },
          stack: '',
        },
        { name: 'minLength', property: '.event2.event_type', message: 'Must not be empty.', stack: '' },
      ],
      schema,
      { groupBy: [null, 5] },
      new Set(['groupBy']),
    );
    expect(problems).toEqual([
      { path: ['groupBy'], label: 'Group By', messages: ['Item 1: Must be text.', 'Item 2: Must be text.'] },
      { path: ['start'], label: 'Start Date', messages: ['This field is required.'] },
      {
        path: ['event2', 'event_type'],
        label: 'Second Event › Event Type',
        messages: ['Must not be empty.'],
      },
    ]);
  });

  it('reports text that is not JSON as such, not as a type error', () => {
    const problems = describeProblems(
      [
        {
          name: 'type',
          property: '.groupBy',
          message: 'Must be a JSON array.',
          params: { type: 'array' },
          stack: '',
        },
      ],
      schema,
      { groupBy: '["country"' },
      new Set(['groupBy']),
    );
    expect(problems[0]?.messages).toEqual(['Not valid JSON.']);
  });

  it('finds the fields a UI schema edits as JSON, nested ones too', () => {
    expect([
      ...jsonFieldPaths({
        groupBy: { 'ui:field': 'json' },
        event2: { filters: { 'ui:field': 'json' } },
        start: {},
      }),
    ]).toEqual(['groupBy', 'event2.filters']);
  });
});
