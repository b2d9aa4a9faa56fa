import { describe, expect, it } from 'vitest';
import schemas from './__fixtures__/schemas.json';
import { declaredView, fieldFormats, moreNote, seriesTitle, valueAt } from './declared-view';

// The commands' real schemas as the host serves them (`c-host describe <id> --json`).

describe('declaredView', () => {
  it('reads the view keywords of an output schema, and nothing from a schema without them', () => {
    expect(declaredView(schemas['issues.searchIssues'].outputSchema)).toEqual({
      view: 'table',
      list: 'nodes',
      more: { path: 'pageInfo.hasNextPage', cursor: 'pageInfo.endCursor' },
      csv: undefined,
      chart: undefined,
      seriesTitle: undefined,
      columns: ['identifier', 'title', 'state', 'assignee', 'priorityLabel', 'updatedAt'],
      valueWords: undefined,
    });
    expect(declaredView(schemas['analytics.getChartResults'].outputSchema)?.valueWords).toMatchObject({
      _active: 'Active users',
      _new: 'New users',
    });
    expect(declaredView(schemas['payments.customAction'].outputSchema)).toBeUndefined();
    expect(declaredView({ 'x-view': 'carousel' })).toBeUndefined();
    expect(declaredView(null)).toBeUndefined();
  });
});

describe('fieldFormats', () => {
  it('finds declared times and links in the rows of a list, through nullable branches', () => {
    const issues = fieldFormats(schemas['issues.searchIssues'].outputSchema, 'nodes');
    expect(issues.get('createdAt')).toBe('date-time');
    expect(issues.get('startedAt')).toBe('date-time');
    expect(issues.get('url')).toBe('uri');
    expect(issues.has('title')).toBe(false);
    expect(fieldFormats(schemas['payments.getCustomers'].outputSchema, 'data').get('created')).toBe(
      'unix-seconds',
    );
    expect(fieldFormats(schemas['payments.getProductById'].outputSchema).get('updated')).toBe('unix-seconds');
  });
});

describe('seriesTitle', () => {
  const { inputSchema } = schemas['analytics.activeAndNewUserCounts'];

  it('fills the template from the input, with option titles and defaults', () => {
    expect(seriesTitle('{metric}', { metric: 'new' }, inputSchema)).toBe('New users');
    expect(seriesTitle('{metric}', {}, inputSchema)).toBe('Active users');
    expect(seriesTitle('{event.event_type} ({metric})', { event: { event_type: 'Play' } }, inputSchema)).toBe(
      'Play (Active users)',
    );
  });

  it('gives nothing when a placeholder has no value', () => {
    expect(seriesTitle('{event.event_type}', {}, inputSchema)).toBeUndefined();
    expect(seriesTitle('{event.event_type}', { event: 'not json' }, inputSchema)).toBeUndefined();
    expect(seriesTitle(undefined, { metric: 'new' }, inputSchema)).toBeUndefined();
  });
});

describe('moreNote and valueAt', () => {
  it('reads the declared flag by its path', () => {
    const more = { path: 'pageInfo.hasNextPage', cursor: 'pageInfo.endCursor' };
    expect(moreNote(more, { pageInfo: { hasNextPage: true } })).toBe('more pages (pageInfo.endCursor)');
    expect(moreNote(more, { pageInfo: { hasNextPage: false } })).toBeUndefined();
    expect(moreNote({ path: 'has_more' }, { has_more: true })).toBe('more on the provider (has_more)');
    expect(moreNote(undefined, { has_more: true })).toBeUndefined();
    expect(valueAt({ a: '{"b": 2}' }, 'a.b')).toBe(2);
  });
});
