import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { cellText, emptyListOf, hasData, tableColumns, toRecordList, toTimeSeries } from './shapes';

describe('toTimeSeries', () => {
  const counts = { x: 'data.xValues', series: 'data.series', labels: 'data.seriesMeta' };
  const segmentation = { x: 'data.xValues', series: 'data.series', labels: 'data.seriesLabels' };

  it('reads the series at the paths the output schema declares, named by their labels', () => {
    const series = toTimeSeries(
      {
        data: {
          series: [
            [46109, 47542],
            [42845, 42626],
          ],
          seriesMeta: ['United States', 'Canada'],
          xValues: ['2017-08-14', '2017-08-15'],
        },
      },
      counts,
    );
    expect(series).toEqual({
      series: ['United States', 'Canada'],
      rows: [
        { x: '2017-08-14', 'United States': 46109, Canada: 42845 },
        { x: '2017-08-15', 'United States': 47542, Canada: 42626 },
      ],
    });
  });

  it('reads text labels, `{value}` points and grouped `[index, value]` labels', () => {
    expect(
      toTimeSeries(
        {
          data: {
            xValues: ['15:00', '15:05'],
            seriesLabels: ['Today', 'Yesterday'],
            series: [
              [123, 144],
              [139, 111],
            ],
          },
        },
        segmentation,
      )?.series,
    ).toEqual(['Today', 'Yesterday']);
    const grouped = toTimeSeries(
      { data: { xValues: ['a'], seriesLabels: [[0, 'Germany']], series: [[{ value: 7 }]] } },
      segmentation,
    );
    expect(grouped?.rows).toEqual([{ x: 'a', Germany: 7 }]);
  });

  it('names a lone series after what the chart counts, and keeps duplicate names apart', () => {
    expect(
      toTimeSeries({ data: { xValues: ['d'], seriesLabels: [0], series: [[1]] } }, segmentation, 'Play Song')
        ?.series,
    ).toEqual(['Play Song']);
    expect(toTimeSeries({ data: { xValues: ['d'], series: [[1]] } }, counts)?.series).toEqual(['Series 1']);
    expect(
      toTimeSeries({ data: { xValues: ['d'], seriesLabels: ['A', 'A'], series: [[1], [2]] } }, segmentation)
        ?.series,
    ).toEqual(['A', 'A (2)']);
  });

  it('refuses what is not a time series where the schema says one is', () => {
    expect(toTimeSeries({ object: 'list', data: [] }, counts)).toBeUndefined();
    expect(toTimeSeries({ data: { xValues: [], series: [[]] } }, counts)).toBeUndefined();
    expect(toTimeSeries({ data: { xValues: ['a'], series: [1] } }, counts)).toBeUndefined();
    expect(toTimeSeries('text', counts)).toBeUndefined();
  });
});

describe('toRecordList', () => {
  it('finds Stripe lists, GraphQL nodes, Drive files and nested GraphQL data', () => {
    expect(toRecordList({ object: 'list', data: [{ id: 'cus_1' }], has_more: false })?.key).toBe('data');
    expect(toRecordList({ nodes: [{ id: 't' }], pageInfo: {} })?.key).toBe('nodes');
    expect(toRecordList({ files: [{ id: 'f' }] })?.key).toBe('files');
    expect(toRecordList({ teams: { nodes: [{ id: 't' }] } })).toEqual({
      key: 'teams.nodes',
      rows: [{ id: 't' }],
    });
    expect(toRecordList([{ a: 1 }])).toEqual({ key: undefined, rows: [{ a: 1 }] });
  });

  it('does not call a single object or a list of scalars a table', () => {
    expect(toRecordList({ id: 'cus_1', name: 'Ada' })).toBeUndefined();
    expect(toRecordList({ ids: ['a', 'b'] })).toBeUndefined();
    expect(toRecordList({ data: [] })).toBeUndefined();
  });
});

describe('emptyListOf', () => {
  it('finds the empty list of a search or a list call', () => {
    expect(emptyListOf({ files: [] })).toEqual({ key: 'files' });
    expect(emptyListOf({ object: 'list', data: [], has_more: false, url: '/v1/customers' })).toEqual({
      key: 'data',
    });
    expect(emptyListOf({ events: [], count: 0, truncated: false })).toEqual({ key: 'events' });
    expect(emptyListOf({ issues: { nodes: [], pageInfo: { hasNextPage: false } } })).toEqual({
      key: 'issues.nodes',
    });
    expect(emptyListOf([])).toEqual({ key: undefined });
  });

  it('does not call one object with an empty array an empty search', () => {
    expect(emptyListOf({ id: 'cus_1', preferred_locales: [] })).toBeUndefined();
    expect(emptyListOf({ title: 'Doc', labels: { nodes: [] }, children: { nodes: [] } })).toBeUndefined();
    expect(emptyListOf({ files: [{ id: 'f' }] })).toBeUndefined();
    expect(emptyListOf({ data: { xValues: [], series: [] } })).toBeUndefined();
  });
});

describe('tableColumns', () => {
  // Two Stripe customers as the sandbox returns them: 27 keys, most empty or the same in both.
  const customer = (id: string, name: string, created: number) => ({
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: `${name.toLowerCase()}@example.com`,
    invoice_prefix: id.slice(-4).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
    livemode: false,
    metadata: {},
    name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
  });

  it('shows only the columns that tell rows apart, identifying ones first, and keeps all for later', () => {
    const columns = tableColumns([
      customer('cus_Ada1', 'Ada', 1795344471),
      customer('cus_Alan', 'Alan', 1794480312),
    ]);
    expect(columns.shown).toEqual(['name', 'email', 'id', 'created', 'invoice_prefix']);
    expect(columns.all).toHaveLength(20);
    expect(columns.all.slice(0, 3)).toEqual(['name', 'email', 'id']);
    expect(columns.all).toContain('address');
  });

  it('puts what a person reads (identifier, title) before an opaque id, so a phone shows it first', () => {
    const issue = (n: number) => ({
      id: `7eeb6612-8039-49b9-819b-fcc937c55f${n}a`,
      identifier: `ENG-${n}`,
      title: `Fix ${n}`,
      priority: n,
    });
    expect(tableColumns([issue(1), issue(2)]).shown.slice(0, 3)).toEqual(['identifier', 'title', 'id']);
  });

  it('keeps constant columns for a single row, and at least three columns when rows differ in little', () => {
    expect(tableColumns([customer('cus_Ada1', 'Ada', 1)]).shown).toEqual([
      'name',
      'email',
      'id',
      'object',
      'balance',
      'created',
      'delinquent',
      'invoice_prefix',
      'livemode',
      'tax_exempt',
    ]);
    expect(
      tableColumns([
        { x: 1, y: 'a', z: true },
        { x: 2, y: 'a', z: true },
      ]).shown,
    ).toEqual(['x', 'y', 'z']);
  });

  it('calls null, empty text, empty lists and objects of nothing empty', () => {
    expect([null, undefined, '', [], {}, { a: null, b: [] }].map(hasData)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, false, 'x', [0], { a: 0 }].map(hasData)).toEqual([true, true, true, true, true]);
  });
});

describe('table cells', () => {
  it('summarises nested values', () => {
    expect(cellText({ id: 's', name: 'In Progress' })).toBe('In Progress');
    expect(cellText({ nodes: [{ name: 'A' }, { name: 'B' }] })).toBe('A, B');
    expect(cellText(['x', 'y'])).toBe('x, y');
    expect(cellText(null)).toBe('');
    expect(cellText(false)).toBe('false');
    expect(cellText({ a: 'x'.repeat(200) })).toHaveLength(118);
  });
});

describe('CSV', () => {
  it('skips the title lines of a chart’s CSV', () => {
    expect(parseCsv('\uFEFF"Weekly signups"\n\nDate,Signups\n2026-11-01,"1,204"\n2026-11-08\n')).toEqual({
      header: ['Date', 'Signups'],
      rows: [
        ['2026-11-01', '1,204'],
        ['2026-11-08', ''],
      ],
    });
    expect(parseCsv('')).toEqual({ header: [], rows: [] });
  });
});
