import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionList } from '../triggers/trigger-lists';
import { ErrorPanel } from '../ui/error-panel';
import captured from './__fixtures__/results.json';
import schemas from './__fixtures__/schemas.json';
import { ResultView } from './result-view';
import { moneyWords, recordWords } from './values';

// Results as the sandbox's simulators answered them (`__fixtures__/results.json`), drawn with the
// commands' real schemas: nested values as labelled fields, lists and dates in words.

beforeAll(async () => {
  await import('./time-series-chart');
});

type Fixture = keyof typeof schemas;

function show(commandId: Fixture, result: unknown, input: Record<string, unknown> = {}) {
  const user = userEvent.setup();
  const { inputSchema, outputSchema } = (
    schemas as Record<string, { inputSchema: unknown; outputSchema: unknown }>
  )[commandId] as { inputSchema: unknown; outputSchema: unknown };
  render(
    <ResultView
      commandId={commandId}
      title={commandId}
      input={input}
      result={result}
      inputSchema={inputSchema}
      outputSchema={outputSchema}
    />,
  );
  return user;
}

/** The value cell of a top-level field of a Details table. */
function field(name: string): HTMLElement {
  const header = within(screen.getByRole('table')).getByRole('rowheader', { name });
  return header.parentElement?.querySelector('td') as HTMLElement;
}

/** The value of a nested field, under the element given. */
function nested(scope: HTMLElement, name: string): HTMLElement {
  const term = within(scope).getAllByText(name, { selector: 'dt' })[0] as HTMLElement;
  return term.nextElementSibling as HTMLElement;
}

const dollars = (cents: number) => moneyWords(cents, 'usd');

describe('a subscription', () => {
  const subscription = captured['payments.getSubscription'];

  it('shows its items as price, amount in currency words, interval and quantity, not JSON', () => {
    show('payments.getSubscription', subscription);
    const items = field('items');
    expect(items.textContent).not.toContain('{');
    const [item] = within(items).getAllByRole('listitem');
    expect(
      within(item as HTMLElement).getAllByText(`Starter monthly · ${dollars(900)} every month × 1`)[0],
    ).toBeVisible();
    expect(nested(item as HTMLElement, 'quantity')).toHaveTextContent('1');
    // Three levels down, the price is its line; its fields wait behind the fold.
    const price = nested(item as HTMLElement, 'price').querySelector('details') as HTMLElement;
    expect(price.querySelector('summary')).toHaveTextContent(`Starter monthly · ${dollars(900)} every month`);
    expect(price).not.toHaveAttribute('open');
    const created = nested(item as HTMLElement, 'created').querySelector('time');
    expect(created).toHaveAttribute('datetime', new Date(1795964756_000).toISOString());
  });

  it('shows automatic_tax and invoice_settings as labelled fields: Yes/No, an em dash for null', () => {
    show('payments.getSubscription', subscription);
    const tax = field('automatic_tax');
    expect(nested(tax, 'enabled')).toHaveTextContent('No');
    expect(nested(tax, 'liability')).toHaveTextContent('—');
    const settings = field('invoice_settings');
    expect(nested(settings, 'footer')).toHaveTextContent('—');
    expect(nested(nested(settings, 'issuer'), 'type')).toHaveTextContent('self');
    expect(field('cancel_at_period_end')).toHaveTextContent('No');
  });

  it('keeps the JSON one click away', async () => {
    const user = show('payments.getSubscription', subscription);
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(screen.getByRole('tab', { name: 'JSON', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel').textContent).toContain('"sub_SeedGraceStarter"');
  });
});

describe('a customer', () => {
  it('shows its metadata as key: value rows', () => {
    show('payments.getCustomerById', captured['payments.getCustomerById']);
    const metadata = field('metadata');
    expect(nested(metadata, 'plan')).toHaveTextContent('pro');
    expect(nested(metadata, 'region')).toHaveTextContent('eu');
    expect(field('created').querySelector('time')).toBeInTheDocument();
  });
});

describe('Docs Update', () => {
  it('shows writeControl as its field, and the replies as a list', () => {
    show('docs.updateDocumentContent', captured['docs.updateDocumentContent']);
    expect(nested(field('writeControl'), 'requiredRevisionId').textContent).toMatch(/^ALK141/);
    const replies = field('replies');
    expect(nested(replies, 'occurrencesChanged')).toHaveTextContent('3');
  });
});

describe('a fetched document', () => {
  it('reads as its text, title and revision above, its structure behind the JSON tab', async () => {
    const document = captured['docs.fetchDocumentContent'];
    const user = show('docs.fetchDocumentContent', document);
    expect(screen.getByRole('tab', { name: 'Document', selected: true })).toBeInTheDocument();
    const facts = screen.getByText('Title').parentElement as HTMLElement;
    expect(facts).toHaveTextContent('Weekly Sync — Meeting Notes');
    expect(screen.getByText('Revision ID').nextElementSibling).toHaveTextContent(document.revisionId);
    const text = screen.getByLabelText('Document text');
    expect(
      within(text)
        .getAllByRole('heading', { level: 1 })
        .map((h) => h.textContent),
    ).toEqual(['Weekly Sync — Meeting Notes', 'Agenda', 'Notes', 'Action items']);
    expect(within(text).getByText('Priya', { selector: 'strong' })).toBeInTheDocument();
    expect(text.textContent).not.toMatch(/[#*]{1,2}/);
    expect(text.textContent).not.toContain('startIndex');
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('startIndex');
  });
});

describe('a Linear issue list', () => {
  it('shows identifier, title, state, assignee, priority in words and the update date first', () => {
    show('issues.searchIssues', captured['issues.searchIssues']);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['identifier', 'title', 'state', 'assignee', 'priorityLabel', 'updatedAt']);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'OPS-2',
      'Set up uptime alerts for the API',
      'Backlog',
      'Alan Turing',
      'Medium',
    ]);
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-12-02T15:05:57.436Z');
    expect(screen.getByText(/^3 rows( ·|$)/)).toBeInTheDocument();
  });
});

describe('a saved chart', () => {
  it('says what its rows are (the chart’s title) and names Amplitude’s _active in words', () => {
    show('analytics.getChartResults', captured['analytics.getChartResults.song']);
    expect(screen.getByText('Play Song, uniques by country (last 7 days)')).toBeInTheDocument();
    expect(screen.getByText('6 rows')).toBeInTheDocument();
    expect(screen.queryByText(/from rows/)).not.toBeInTheDocument();
  });

  it('shows the _active segment as Active users', () => {
    show('analytics.getChartResults', captured['analytics.getChartResults']);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Active users')).toBeInTheDocument();
    expect(within(table).queryByText('_active')).not.toBeInTheDocument();
  });
});

describe('a chart of _active', () => {
  it('is titled and labelled "Active users"', async () => {
    show('analytics.eventSegmentation', captured['analytics.eventSegmentation'], {
      event: '{"event_type":"_active"}',
    });
    expect(await screen.findByText('Active users', { selector: '.chart__title' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Active users' })).toBeInTheDocument();
    expect(screen.queryByText('_active')).not.toBeInTheDocument();
  });

  it('is titled "Active users" when the event is left to its default (_active)', async () => {
    show('analytics.eventSegmentation', captured['analytics.eventSegmentation'], {});
    expect(await screen.findByText('Active users', { selector: '.chart__title' })).toBeInTheDocument();
  });
});

describe('a huge object', () => {
  it('folds what lies past three levels and the items past the tenth', async () => {
    const deep = {
      a: { b: { c: { d: { e: 'deep' } } } },
      list: Array.from({ length: 25 }, (_, n) => ({ n })),
    };
    const user = show('payments.getProductById', { id: 'prod_1', ...deep });
    const fold = screen.getByText('· 1 field: e').closest('details') as HTMLElement;
    expect(fold.querySelector('summary')).toHaveTextContent('More · 1 field: e');
    expect(fold).not.toHaveAttribute('open');
    const more = screen.getByText('15 more').closest('details') as HTMLElement;
    expect(more).not.toHaveAttribute('open');
    await user.click(screen.getByText('15 more'));
    expect(more).toHaveAttribute('open');
  });
});

describe('words of objects', () => {
  it('says a price, a line of it and an interval', () => {
    expect(
      recordWords({
        unit_amount: 1200,
        currency: 'eur',
        recurring: { interval: 'month', interval_count: 3 },
      }),
    ).toBe(`${moneyWords(1200, 'eur')} every 3 months`);
    expect(moneyWords(500, 'jpy')).toBe(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'JPY' }).format(500),
    );
    expect(recordWords({ id: 'x', name: 'Thing' })).toBeUndefined();
  });
});

describe('a provider error', () => {
  it('shows the provider’s words once when the message quotes them', () => {
    render(
      <ErrorPanel
        error={{
          name: 'NotFoundError',
          kind: 'not_found',
          message: "Stripe: No such customer: 'cus_nope'",
          providerMessage: "No such customer: 'cus_nope'",
          retryable: false,
        }}
      />,
    );
    expect(screen.getAllByText(/No such customer/)).toHaveLength(1);
  });
});

describe('a subscription card', () => {
  it('shows the event types as chips, not as JSON', () => {
    render(
      <SubscriptionList
        subscriptions={[
          {
            id: 'sub_1',
            trigger: 'payments.events',
            connection: 'sandbox-payments',
            input: { events: ['customer.created', 'invoice.paid'] },
            status: 'active',
            createdAt: '2026-11-24T12:00:00.000Z',
          },
        ]}
        titleOf={() => 'Stripe events'}
        remove={async () => {}}
      />,
    );
    const card = screen.getByRole('listitem', { name: /Stripe events on sandbox-payments/ });
    expect(card.textContent).not.toContain('{');
    const chips = card.querySelectorAll('.chip');
    expect([...chips].map((chip) => chip.textContent)).toEqual(['customer.created', 'invoice.paid']);
  });
});
