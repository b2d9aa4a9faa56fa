import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import schemas from './__fixtures__/schemas.json';
import { ResultView } from './result-view';
import { cellClass } from './tables';

afterEach(() => vi.restoreAllMocks());
// The chart is loaded on demand: load it once up front, so a loaded machine does not outwait a find.
beforeAll(async () => {
  await import('./time-series-chart');
});

const files = {
  files: [
    {
      id: '1VX_uVJH9z3dT4QVG0FIhFxCLpzamzONaOmLu0yBZbzs',
      name: 'Search Service — Technical Spec',
      mimeType: 'application/vnd.google-apps.document',
      modifiedTime: '2026-11-08T15:00:00.000Z',
      webViewLink: 'https://docs.google.com/document/d/1VX_uVJH9z3dT4QVG0FIhFxCLpzamzONaOmLu0yBZbzs/edit',
      owners: [],
    },
    {
      id: '1T2jHat1kHrqSaxsvc8oeqzXejuRapFLZ9JUw2dH030k',
      name: 'Product Launch Checklist',
      mimeType: 'application/vnd.google-apps.document',
      modifiedTime: '2026-11-07T09:00:00.000Z',
      webViewLink: 'https://docs.google.com/document/d/1T2jHat1kHrqSaxsvc8oeqzXejuRapFLZ9JUw2dH030k/edit',
      owners: [],
    },
  ],
};

// The commands' real input and output schemas as the host serves them (`c-host describe <id> --json`).
type Fixture = keyof typeof schemas;

function show(
  result: unknown,
  commandId: Fixture | 'issues.createIssue' = 'docs.searchDocuments',
  title = 'Search Documents',
  input: Record<string, unknown> = {},
) {
  const user = userEvent.setup();
  const fixture = (schemas as Record<string, { inputSchema: unknown; outputSchema: unknown }>)[commandId];
  render(
    <ResultView
      commandId={commandId}
      title={title}
      input={input}
      result={result}
      inputSchema={fixture?.inputSchema}
      outputSchema={fixture?.outputSchema}
    />,
  );
  return user;
}

describe('result table', () => {
  it('shows times in words, URLs as links, and only the columns that carry data until asked', async () => {
    const user = show(files);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['name', 'id', 'modifiedTime', 'webViewLink']);
    const time = within(table).getAllByRole('row')[1]?.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2026-11-08T15:00:00.000Z');
    expect(time?.textContent).toBe(
      new Date('2026-11-08T15:00:00.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
    const link = within(table).getAllByRole('link')[0];
    expect(link).toHaveAttribute('href', files.files[0]?.webViewLink);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link?.textContent).toMatch(/^docs\.google\.com\/document\/d\//);

    await user.click(
      screen.getByRole('checkbox', { name: /Show all 6 columns \(2 empty or the same in every row\)/ }),
    );
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(6);
  });

  it('downloads the whole list as CSV and as NDJSON', async () => {
    const saved: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', text: (blob as Blob).text() });
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    const user = show(files);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download NDJSON' }));
    expect(click).toHaveBeenCalledTimes(2);
    expect(saved[0]?.name).toMatch(/^docs\.searchDocuments-\d{8}-\d{4}\.csv$/);
    const csv = await saved[0]?.text;
    expect(csv?.split('\r\n')[0]).toBe('id,name,mimeType,modifiedTime,webViewLink,owners');
    expect(csv?.split('\r\n')).toHaveLength(3);
    expect(saved[1]?.name).toMatch(/\.ndjson$/);
    const lines = (await saved[1]?.text)?.trim().split('\n');
    expect(lines?.map((line) => JSON.parse(line))).toEqual(files.files);
  });

  it('says nothing was found for an empty list instead of showing `{ files: [] }`', () => {
    show({ files: [] });
    expect(screen.getByRole('tab', { name: 'Table', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Nothing found');
    expect(panel).toHaveTextContent('The command ran; the provider returned an empty list of files.');
    expect(screen.getByRole('tab', { name: 'JSON' })).toBeInTheDocument();
  });
});

describe('one object', () => {
  it('shows the fields with a value, times and links readable, before the JSON (no schema: by shape)', () => {
    show(
      {
        id: 'bc7a7d9a-779d-4bae-8aa2-64a52c41d828',
        identifier: 'ENG-8',
        description: null,
        url: 'https://linear.app/acme/issue/ENG-8/checkout',
        createdAt: '2026-11-24T11:31:05.504Z',
        labelIds: [],
        state: { id: 's1', name: 'Backlog' },
      },
      'issues.createIssue',
      'Create Issue',
    );
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'id',
      'identifier',
      'url',
      'createdAt',
      'state',
    ]);
    expect(within(rows[2] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      'https://linear.app/acme/issue/ENG-8/checkout',
    );
    expect(rows[3]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-24T11:31:05.504Z');
    expect(rows[4]).toHaveTextContent('Backlog');
  });

  it('shows a record the schema declares as its fields, not as a table of the list it holds', () => {
    show(
      {
        id: 'prod_1',
        object: 'product',
        name: 'Pro plan',
        created: 1795344471,
        prices: [
          { id: 'price_1', unit_amount: 1200 },
          { id: 'price_2', unit_amount: 9900 },
        ],
      },
      'payments.getProductById',
      'Get Product By Id',
    );
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Table' })).not.toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'id',
      'object',
      'name',
      'created',
      'prices',
    ]);
    // `created` is declared Unix seconds: a date, not 1795344471.
    expect(rows[3]?.querySelector('time')).toHaveAttribute(
      'datetime',
      new Date(1795344471_000).toISOString(),
    );
  });

  it('shows a fetched document as its text (headings, lists), not as the JSON of its tabs', () => {
    show(
      {
        documentId: 'doc1',
        title: 'Weekly Sync',
        tabs: [{ tabProperties: { tabId: 't.0', title: 'Tab 1', index: 0 } }],
        body: { content: [{ endIndex: 1, sectionBreak: {} }] },
        markdown: '# Weekly Sync\n\n## Action items\n\n- Priya: ship the fix\n',
      },
      'docs.fetchDocumentContent',
      'Fetch Document Content',
    );
    expect(screen.getByRole('tab', { name: 'Document', selected: true })).toBeInTheDocument();
    const text = screen.getByLabelText('Document text');
    expect(within(text).getByRole('heading', { level: 1 })).toHaveTextContent('Weekly Sync');
    expect(within(text).getByRole('heading', { level: 2 })).toHaveTextContent('Action items');
    expect(within(text).getByRole('listitem')).toHaveTextContent('Priya: ship the fix');
    expect(text.textContent).not.toContain('#');
  });

  it('reads a result whose schema declares no view (a custom action) by its shape', () => {
    show(
      { object: 'list', data: [{ id: 'cou_1', percent_off: 10 }], has_more: true },
      'payments.customAction',
    );
    expect(screen.getByRole('tab', { name: 'Table', selected: true })).toBeInTheDocument();
    expect(screen.getByText('1 row')).toBeInTheDocument();
  });
});

describe('more pages', () => {
  const issue = { id: 'i1', identifier: 'ENG-1', title: 'Checkout' };

  it('says so where the schema says the result tells, in the connector’s words', () => {
    show(
      { nodes: [issue], pageInfo: { hasNextPage: true, endCursor: 'c1' } },
      'issues.searchIssues',
      'Search Issues',
    );
    expect(screen.getByText('1 row · more pages (pageInfo.endCursor)')).toBeInTheDocument();
  });

  it('gives the declared note, and none when nothing more follows', () => {
    const event = { event_type: 'Play Song', uuid: 'u1', user_id: 'ada' };
    show({ events: [event], count: 1, truncated: true }, 'analytics.exportData', 'Export Data');
    expect(screen.getByText('1 row of events · truncated at maxEvents')).toBeInTheDocument();
    cleanup();
    show({ events: [event], count: 1, truncated: false }, 'analytics.exportData', 'Export Data');
    expect(screen.getByText('1 row of events')).toBeInTheDocument();
    cleanup();
    show(
      { object: 'list', data: [{ id: 'cus_1' }], has_more: true, url: '/v1/customers' },
      'payments.getCustomers',
    );
    expect(
      screen.getByText(/· more on Stripe \(has_more\): raise the limit to read them$/),
    ).toBeInTheDocument();
  });
});

describe('CSV', () => {
  it('shows the CSV text where the schema says it is, when the list is not there', () => {
    show({ csv: 'Date,Signups\n2026-11-01,12\n' }, 'analytics.getChartResults', 'Get Chart Results');
    expect(screen.getByRole('tab', { name: 'Table', selected: true })).toBeInTheDocument();
    expect(screen.getByText('CSV · 1 row')).toBeInTheDocument();
  });
});

describe('cell wrapping', () => {
  it('keeps ids, dates, emails and URLs on one line and gives phrases room', () => {
    expect(cellClass('c1754f17-e676-48ec-9ce7-955527b19023')).toBe('cell--word');
    expect(cellClass('2026-11-22 00:16:55.641000')).toBe('cell--word');
    expect(cellClass('linus@example.com')).toBe('cell--word');
    expect(cellClass('Checkout button does nothing on Safari')).toBe('cell--text');
    expect(cellClass('Ada Lovelace')).toBe('');
    expect(cellClass('x'.repeat(200))).toBe('');
  });
});

describe('result chart', () => {
  const counts = {
    data: {
      series: [[1, 2, 3]],
      seriesMeta: ['All Users'],
      xValues: ['2026-11-01', '2026-11-02', '2026-11-03'],
    },
  };

  it('is titled with what it counts (the metric’s option title) and its span, not the command', async () => {
    show(counts, 'analytics.activeAndNewUserCounts', 'Active and New User Counts', { metric: 'new' });
    const caption = await screen.findByText('New users', { selector: '.chart__title' });
    expect(caption.parentElement).toHaveTextContent('2026-11-01 to 2026-11-03 · 3 points');
    expect(screen.queryByText('Active and New User Counts')).not.toBeInTheDocument();
  });

  it('takes the metric’s default when the input leaves it out', async () => {
    show(counts, 'analytics.activeAndNewUserCounts', 'Active and New User Counts');
    expect(await screen.findByText('Active users', { selector: '.chart__title' })).toBeInTheDocument();
  });

  it('names a segmentation after its event, read from the event’s JSON text', async () => {
    show(
      { data: { series: [[4, 5]], seriesLabels: [0], xValues: ['2026-11-01', '2026-11-02'] } },
      'analytics.eventSegmentation',
      'Event Segmentation',
      { event: '{"event_type": "Play Song"}' },
    );
    expect(await screen.findByText('Play Song', { selector: '.chart__title' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Play Song' })).toBeInTheDocument();
  });
});

describe('funnel bars', () => {
  const step = (group: string | undefined, n: number, event: string, users: number, conversion: number) => ({
    ...(group ? { group } : {}),
    step: n,
    event,
    users,
    conversion,
    stepConversion: conversion,
    medianSeconds: 0,
  });

  it('draws each step as a bar as long as its users, with its conversion in words, before the table', async () => {
    const user = show(
      {
        data: [],
        steps: [step(undefined, 1, 'Open', 200, 100), step(undefined, 2, 'Sign Up', 50, 25)],
      },
      'analytics.funnelAnalysis',
      'Funnel Analysis',
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Bars', 'Table', 'JSON']);
    const bars = screen.getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '1. Open200 users · 100%',
      '2. Sign Up50 users · 25%',
    ]);
    const widths = [...document.querySelectorAll<HTMLElement>('.step-bars__bar')].map(
      (bar) => bar.style.width,
    );
    expect(widths).toEqual(['100%', '25%']);
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    expect(screen.getByRole('columnheader', { name: 'conversion' })).toBeInTheDocument();
  });

  it('draws one funnel per group-by value, each against its own first step', () => {
    show(
      {
        data: [],
        steps: [
          step('US', 1, 'Open', 10, 100),
          step('US', 2, 'Buy', 5, 50),
          step('DE', 1, 'Open', 4, 100),
          step('DE', 2, 'Buy', 1, 25),
        ],
      },
      'analytics.funnelAnalysis',
      'Funnel Analysis',
    );
    const sets = [...document.querySelectorAll('.step-bars__set')];
    expect(sets.map((set) => set.querySelector('figcaption')?.textContent)).toEqual(['US', 'DE']);
    const widths = [...sets[1]!.querySelectorAll<HTMLElement>('.step-bars__bar')].map(
      (bar) => bar.style.width,
    );
    expect(widths).toEqual(['100%', '25%']);
  });
});
