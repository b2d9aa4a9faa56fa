import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import { loadRecentRuns } from '../recent/recent-runs';
import schemas from '../results/__fixtures__/schemas.json';
import { connection } from '../test/mock-host';
import { mockServer, renderApp } from '../test/render';

const msw = mockServer();

// The mock host's commands carry no output schema: those in the results' fixture get their real one,
// as the host serves it, so a result is shown the way its schema declares.
beforeAll(async () => {
  // The chart is loaded on demand: load it once up front, so a loaded machine does not outwait a find.
  await import('../results/time-series-chart');
  const load = api.command;
  vi.spyOn(api, 'command').mockImplementation(async (id) => {
    const detail = await load(id);
    const real = (schemas as Record<string, { outputSchema: Record<string, unknown> }>)[id];
    return real ? { ...detail, outputSchema: real.outputSchema } : detail;
  });
});

async function openCommand(id: string) {
  const rendered = renderApp(`#/commands/${id}`);
  await screen.findByRole('button', { name: 'Run' });
  return rendered;
}

describe('command form', () => {
  it('shows each parameter with its title, description, type and default, and runs it', async () => {
    const host = msw.host();
    const { user } = await openCommand('payments.getCustomers');
    const limit = screen.getByLabelText('Limit');
    expect(limit).toHaveValue(10);
    const field = limit.closest('.field') as HTMLElement;
    expect(field).toHaveTextContent('integer · default 10');
    expect(field).toHaveTextContent('How many customers to return in all');
    expect(limit).toHaveAccessibleDescription(/How many customers/);
    const createdAfter = screen.getByLabelText('Created After');
    expect(createdAfter).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText('Connection')).toHaveValue('sandbox-payments');

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'id' })).toBeInTheDocument();
    expect(within(table).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Table', selected: true })).toBeInTheDocument();
    const run = host.state.calls.find((call) => call.path === '/api/commands/payments.getCustomers/run');
    expect(run?.body).toEqual({
      connection: 'sandbox-payments',
      input: { email: 'ada@example.com', limit: 10 },
    });
    expect(loadRecentRuns()[0]).toMatchObject({
      commandId: 'payments.getCustomers',
      ok: true,
      connection: 'sandbox-payments',
    });

    await user.click(screen.getByText('Use this call elsewhere'));
    const snippets = screen.getByRole('tablist', { name: 'Call as' }).parentElement as HTMLElement;
    expect(within(snippets).getByRole('tabpanel')).toHaveTextContent(
      `./c-host run payments.getCustomers --connection sandbox-payments --input '{"email":"ada@example.com","limit":10}'`,
    );
  });

  it('marks required fields, blocks a run with errors next to the fields, and sends nothing', async () => {
    const host = msw.host();
    const { user } = await openCommand('analytics.activeAndNewUserCounts');
    const start = screen.getByLabelText(/Start Date/);
    expect(start).toBeRequired();
    expect(start).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/Metric/).tagName).toBe('SELECT');
    // A required range starts as Amplitude's charts do: the last 30 days, ending today.
    expect(start).toHaveValue(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(screen.getByLabelText(/End Date/)).toHaveValue(new Date().toISOString().slice(0, 10));
    fireEvent.change(start, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '' } });

    await user.click(screen.getByRole('button', { name: 'Run' }));
    const summary = (await screen.findByText(/2 fields need attention before this can run/))
      .parentElement as HTMLElement;
    const startField = start.closest('.field') as HTMLElement;
    expect(startField).toHaveTextContent('This field is required.');
    expect(start).toHaveAccessibleDescription(/This field is required/);
    expect(host.state.calls.some((call) => call.path.endsWith('/run'))).toBe(false);

    // The summary names each field and takes you to it.
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Start Date: This field is required.', 'End Date: This field is required.']);
    await user.click(within(summary).getByRole('button', { name: 'End Date' }));
    expect(screen.getByLabelText(/End Date/)).toHaveFocus();
  });

  it('starts Event Segmentation with an empty Group By and runs it with only the required fields', async () => {
    const host = msw.host();
    const { user } = await openCommand('analytics.eventSegmentation');
    const groupBy = screen.getByLabelText(/^Group By/);
    expect(groupBy).toHaveValue('');
    // The event is a form of its own; a field emptied inside it says so under itself, like any other.
    const eventType = within(screen.getByRole('group', { name: 'Event' })).getByLabelText(
      /^Event › Event Type/,
    );
    await user.clear(eventType);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(eventType.closest('.field')).toHaveTextContent('This field is required.');
    expect(eventType).toHaveAccessibleDescription(/This field is required/);
    await user.type(eventType, '_active');
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-11-14' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    expect(screen.queryByText(/need(s)? attention/)).not.toBeInTheDocument();
    const sent = host.state.calls.find((call) => call.path.endsWith('eventSegmentation/run'))?.body as {
      input: Record<string, unknown>;
    };
    expect(sent.input).toMatchObject({
      event: { event_type: '_active' },
      start: '20261101',
      end: '20261114',
    });
    expect(sent.input).not.toHaveProperty('groupBy');
  });

  it('marks an array item’s error on its field, says bad JSON once, and clears a stale result', async () => {
    const host = msw.host();
    const { user } = await openCommand('analytics.eventSegmentation');
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-11-14' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    const runs = () => host.state.calls.filter((call) => call.path.endsWith('/run')).length;
    expect(runs()).toBe(1);

    const groupBy = screen.getByLabelText(/^Group By/);
    fireEvent.change(groupBy, { target: { value: '["country", 5]' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const summary = (await screen.findByText(/One field needs attention/)).parentElement as HTMLElement;
    expect(summary).toHaveTextContent('Group By: Item 2: Must be text.');
    expect(groupBy.closest('.field')).toHaveTextContent('Item 2: Must be text.');
    expect(groupBy).toHaveAttribute('aria-invalid', 'true');
    expect(groupBy).toHaveFocus();
    // The earlier result would read as the answer to this run.
    expect(screen.queryByRole('heading', { name: 'Result' })).not.toBeInTheDocument();

    fireEvent.change(groupBy, { target: { value: '["country"' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(summary).toHaveTextContent('Group By: Not valid JSON.'));
    const field = groupBy.closest('.field') as HTMLElement;
    expect(within(field).getAllByText(/Not valid JSON/)).toHaveLength(1);
    expect(field).not.toHaveTextContent('Must be a JSON array');
    expect(runs()).toBe(1);
  });

  it('says under the customer picker when the chosen customer has no payment method', async () => {
    const host = msw.host();
    host.state.runs['payments.getCustomers'] = () => ({
      body: {
        result: {
          object: 'list',
          data: [
            { id: 'cus_Empty', object: 'customer', name: null, email: null, invoice_settings: {} },
            {
              id: 'cus_Ada1',
              object: 'customer',
              name: 'Ada Lovelace',
              email: 'ada@example.com',
              invoice_settings: { default_payment_method: 'pm_Visa' },
            },
          ],
          has_more: false,
        },
      },
    });
    const { user } = await openCommand('payments.createSubscription');
    const customer = screen.getByRole('combobox', { name: /Customer/ });
    await user.click(customer);
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', { name: 'customers' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'cus_Emptycustomer with no payment method · cus_Empty',
      'Ada Lovelaceada@example.com · pays with pm_Visa · cus_Ada1',
    ]);
    await user.keyboard('{Enter}');
    expect(customer).toHaveValue('cus_Empty');
    expect(screen.getByText('cus_Empty: customer with no payment method')).toBeInTheDocument();
  });

  it('says when the chosen connection’s sandbox is stopped or its last check failed', async () => {
    msw.host({
      connections: [
        connection('sandbox-payments', 'payments', { status: 'sandbox_stopped' }),
        connection('live-payments', 'payments', {
          isDefault: false,
          sandbox: false,
          status: 'check_failed',
          statusMessage: 'The check of 2026-11-24T12:00:00.000Z failed: Stripe did not answer',
        }),
      ],
    });
    const { user } = await openCommand('payments.getCustomers');
    expect(screen.getByRole('option', { name: /sandbox-payments.*sandbox stopped/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/Sandbox stopped:.*c-host serve --sandbox/);
    await user.selectOptions(screen.getByLabelText('Connection'), 'live-payments');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Check failed: The check of 2026-11-24T12:00:00.000Z failed',
    );
  });

  it('runs a read in the background and shows its result like a run in the request', async () => {
    const host = msw.host();
    const { user } = await openCommand('payments.getCustomers');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Run in background' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Ada Lovelace')).toBeInTheDocument();
    const id = host.state.backgroundRuns[0]?.id;
    expect(
      host.state.calls.filter((call) => call.path.startsWith('/api/runs')).map((call) => call.path),
    ).toEqual(['/api/runs', `/api/runs/${id}/events`, `/api/runs/${id}`]);
    expect(host.state.calls.find((call) => call.path === '/api/runs')?.body).toEqual({
      command: 'payments.getCustomers',
      connection: 'sandbox-payments',
      input: { email: 'ada@example.com', limit: 10 },
    });
    expect(host.state.calls.some((call) => call.path.endsWith('/run'))).toBe(false);
    expect(loadRecentRuns()[0]).toMatchObject({ commandId: 'payments.getCustomers', ok: true });
  });

  it('shows a background run’s progress and cancels it on the host', async () => {
    const host = msw.host();
    host.state.holdRuns = true;
    const { user } = await openCommand('payments.getPlans');
    await user.click(screen.getByRole('button', { name: 'Run in background' }));
    expect(await screen.findByText(/: running · Reading · 1 of 2…/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Running in background…' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Stop following' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const id = host.state.backgroundRuns[0]?.id ?? '';
    expect(await screen.findByText(new RegExp(`^Canceled run ${id} after \\d+ s\\.$`))).toBeInTheDocument();
    // Canceled on the host, then followed to its end there: the page says what the host did.
    expect(
      host.state.calls.filter((call) => call.path.startsWith('/api/runs')).map((call) => call.path),
    ).toEqual(['/api/runs', `/api/runs/${id}/events`, `/api/runs/${id}/cancel`, `/api/runs/${id}`]);
    expect(host.state.backgroundRuns[0]?.status).toBe('canceled');
    expect(screen.getByRole('button', { name: 'Run in background' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Result' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed background run’s error with its reconnect action', async () => {
    msw.host();
    const { user } = await openCommand('payments.getCustomerById');
    await user.type(screen.getByRole('combobox', { name: /Customer Id/ }), 'cus_revoked');
    await user.click(screen.getByRole('button', { name: 'Run in background' }));
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Stripe refused the API key');
    expect(within(panel).getByRole('button', { name: 'Reconnect sandbox-payments' })).toBeInTheDocument();
  });

  it('shows progress while a run is going and cancels it', async () => {
    msw.host();
    msw.server.use(
      http.post('*/api/commands/payments.getCustomers/run', async () => {
        await delay('infinite');
        return HttpResponse.json({ result: {} });
      }),
    );
    const { user } = await openCommand('payments.getCustomers');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(/Running Get Customers on sandbox-payments…/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Running…' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByText(/Canceled after \d+ s\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/Running Get Customers/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('charts user counts and shows a validation error from the host next to its field', async () => {
    const host = msw.host();
    const { user } = await openCommand('analytics.activeAndNewUserCounts');
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-11-04' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-11-01' } });
    expect(screen.getByLabelText(/Start Date/).closest('.field')).toHaveTextContent(
      'Sent as YYYYMMDD: 20261104',
    );
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const endField = (await screen.findByText('Must be on or after start.')).closest('.field') as HTMLElement;
    expect(within(endField).getByLabelText(/End Date/)).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Error' })).toHaveTextContent('Invalid input');
    expect(host.state.calls.at(-1)?.body).toEqual({
      connection: 'sandbox-analytics',
      input: { start: '20261104', end: '20261101', metric: 'active', interval: '1' },
    });

    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('tab', { name: 'Chart', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Data table')).toBeInTheDocument();
    // The lone series and the chart are named by what the metric counts, not the segment ("All users").
    expect(screen.getByRole('columnheader', { name: 'Active users' })).toBeInTheDocument();
    expect(screen.getByText('Active users', { selector: '.chart__title' })).toBeInTheDocument();
    expect(screen.queryByText('Must be on or after start.')).not.toBeInTheDocument();
  });

  it('shows CSV as a table', async () => {
    msw.host();
    const { user } = await openCommand('analytics.getChartResults');
    await user.type(screen.getByLabelText(/Chart ID/), 'abc123');
    await user.selectOptions(screen.getByLabelText(/Type/), 'CSV text');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Signups' })).toBeInTheDocument();
    expect(within(table).getByText('1,204')).toBeInTheDocument();
  });
});

describe('provider object lookups', () => {
  it('offers teams, then the chosen team’s workflow states, by keyboard, and keeps free entry', async () => {
    const host = msw.host();
    const { user } = await openCommand('issues.createIssue');
    const team = screen.getByRole('combobox', { name: /Team Id/ });
    await user.click(team);
    await waitFor(() => expect(team).toHaveAccessibleDescription(/2 teams in sandbox-issues/));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = within(screen.getByRole('listbox', { name: 'teams' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'EngineeringENG · team-eng',
      'OperationsOPS · team-ops',
    ]);
    expect(team).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(team).toHaveValue('team-eng');
    expect(team).toHaveAttribute('aria-expanded', 'false');

    const status = screen.getByRole('combobox', { name: /Status Id/ });
    await user.click(status);
    await waitFor(() => expect(status).toHaveAccessibleDescription(/2 workflow states/));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(status).toHaveValue('state-doing');
    const statesCall = host.state.calls.find((call) =>
      String(JSON.stringify(call.body)).includes('TeamStates'),
    );
    expect(statesCall?.body).toMatchObject({
      connection: 'sandbox-issues',
      input: { variables: { id: 'team-eng' } },
    });

    await user.clear(team);
    await user.type(team, 'custom-team-id');
    expect(team).toHaveValue('custom-team-id');
    await waitFor(() =>
      expect(
        host.state.calls.some((call) =>
          String(JSON.stringify(call.body)).includes('"name":"custom-team-id"'),
        ),
      ).toBe(true),
    );
  });

  it('edits objects as JSON and says where the JSON is broken', async () => {
    const host = msw.host();
    const { user } = await openCommand('issues.createIssue');
    const extra = screen.getByLabelText(/Additional Fields/);
    expect(extra.tagName).toBe('TEXTAREA');
    fireEvent.change(extra, { target: { value: '{"assigneeId": ' } });
    expect(extra).toHaveAccessibleDescription(/Not valid JSON/);
    fireEvent.change(extra, { target: { value: '{"assigneeId": "user-1"}' } });
    expect(extra).not.toHaveAccessibleDescription(/Not valid JSON/);
    await user.type(screen.getByRole('combobox', { name: /Team Id/ }), 'team-eng');
    await user.type(screen.getByLabelText(/^Title/), 'Broken login');
    fireEvent.change(screen.getByLabelText(/Due Date/), { target: { value: '2026-12-24' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    expect(
      host.state.calls.find((call) => call.path === '/api/commands/issues.createIssue/run')?.body,
    ).toEqual({
      connection: 'sandbox-issues',
      input: {
        teamId: 'team-eng',
        title: 'Broken login',
        dueDate: '2026-12-24',
        additionalFields: { assigneeId: 'user-1' },
      },
    });
  });
});

describe('commands that change data', () => {
  it('marks an update as changing data, not destructive, and asks before running it', async () => {
    const host = msw.host();
    const { user } = await openCommand('issues.updateIssue');
    const head = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(head).getByText('Changes data')).toBeInTheDocument();
    expect(within(head).queryByText('Destructive')).not.toBeInTheDocument();
    expect(within(head).getByText('Safe to repeat')).toBeInTheDocument();
    // Only reads run in the background.
    expect(screen.queryByRole('button', { name: 'Run in background' })).not.toBeInTheDocument();
    const list = screen.getByRole('navigation', { name: 'Commands' });
    expect(within(list).getByRole('link', { name: /^Update Issue\s*\(changes data\)$/ })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /^Delete Issue\s*\(destructive\)$/ })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Get Customers' })).toBeInTheDocument();
    expect(
      within(within(list).getByRole('list', { name: 'What the dots mean' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Adds data', 'Changes data', 'Destructive', 'no dot: read-only']);

    await user.type(screen.getByRole('combobox', { name: /Issue Id/ }), 'issue-1');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByText(/Update Issue changes existing data on sandbox-issues/)).toBeInTheDocument();
    expect(host.state.calls.some((call) => call.path.endsWith('updateIssue/run'))).toBe(false);
  });

  it('asks for confirmation before a destructive run, without promising what the provider may undo', async () => {
    const host = msw.host();
    const { user } = await openCommand('issues.deleteIssue');
    const head = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(head).getByText('Destructive')).toHaveClass('badge--danger');
    await user.type(screen.getByRole('combobox', { name: /Issue Id/ }), 'issue-1');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(
      screen.getByText(/Delete Issue may delete or overwrite data on sandbox-issues/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/cannot be undone/)).not.toBeInTheDocument();
    expect(host.state.calls.some((call) => call.path.endsWith('deleteIssue/run'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, run Delete Issue' }));
    await screen.findByRole('heading', { name: 'Result' });
    expect(host.state.calls.filter((call) => call.path.endsWith('deleteIssue/run'))).toHaveLength(1);
  });
});
