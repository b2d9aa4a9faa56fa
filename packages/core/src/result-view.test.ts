import { describe, expect, it } from 'vitest';
import { defineCommand } from './command.js';
import { RESULT_VIEW_KEYWORDS, resultView, unixTime } from './result-view.js';

describe('resultView', () => {
  it('reaches the command’s output JSON Schema through zod .meta(), nested keywords included', () => {
    const command = defineCommand({
      key: 'listThings',
      title: 'List Things',
      description: 'Lists things.',
      input: (z) => z.object({}),
      output: (z) =>
        z
          .object({
            things: z.array(z.object({ created: z.number().int().meta(unixTime()) })),
            pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
          })
          .meta(
            resultView({
              view: 'table',
              list: 'things',
              more: { path: 'pageInfo.hasNextPage', cursor: 'pageInfo.endCursor' },
            }),
          ),
      annotations: { readOnly: true },
      run: async () => ({ things: [], pageInfo: { hasNextPage: false, endCursor: null } }),
    });
    const schema = command.outputSchema as Record<string, any>;
    expect(schema[RESULT_VIEW_KEYWORDS.view]).toBe('table');
    expect(schema[RESULT_VIEW_KEYWORDS.list]).toBe('things');
    expect(schema[RESULT_VIEW_KEYWORDS.more]).toEqual({
      path: 'pageInfo.hasNextPage',
      cursor: 'pageInfo.endCursor',
    });
    expect(schema.properties.things.items.properties.created[RESULT_VIEW_KEYWORDS.time]).toBe('unix-seconds');
  });

  it('writes only the keywords of the view asked for', () => {
    expect(
      resultView({
        view: 'chart',
        chart: { x: 'data.xValues', series: 'data.series' },
        seriesTitle: '{metric}',
      }),
    ).toEqual({
      'x-view': 'chart',
      'x-chart': { x: 'data.xValues', series: 'data.series' },
      'x-series-title': '{metric}',
    });
    expect(resultView({ view: 'record' })).toEqual({ 'x-view': 'record' });
    expect(resultView({ view: 'table', list: 'rows', csv: 'csv' })).toEqual({
      'x-view': 'table',
      'x-list': 'rows',
      'x-csv': 'csv',
    });
    expect(resultView({ view: 'document', text: 'markdown' })).toEqual({
      'x-view': 'document',
      'x-text': 'markdown',
    });
    expect(
      resultView({
        view: 'bars',
        list: 'steps',
        bars: { label: 'event', value: 'users', rate: 'conversion' },
      }),
    ).toEqual({
      'x-view': 'bars',
      'x-list': 'steps',
      'x-bars': { label: 'event', value: 'users', rate: 'conversion' },
    });
  });

  it('writes the columns a table shows first and the words for internal values', () => {
    expect(
      resultView({
        view: 'table',
        list: 'nodes',
        columns: ['identifier', 'title', 'state'],
        valueWords: { _active: 'Active users' },
      }),
    ).toEqual({
      'x-view': 'table',
      'x-list': 'nodes',
      'x-columns': ['identifier', 'title', 'state'],
      'x-value-words': { _active: 'Active users' },
    });
  });
});
