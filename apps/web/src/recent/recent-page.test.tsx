import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, renderApp } from '../test/render';
import { loadRecentRuns } from './recent-runs';
import { inputWords, mergeRuns } from './run-history';

const mock = mockServer();

describe('Recent runs', () => {
  it("shows every surface's runs from the host, this browser's with their input in words", async () => {
    const host = mock.host();
    const { user } = renderApp('#/commands/payments.getCustomers');
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: /Result/ });
    // The host named the run's line, and this browser kept its input beside that id.
    expect(loadRecentRuns()[0]?.runId).toBe(host.state.history[0]?.id);
    host.state.history.push({
      id: '20000000-0000-4000-8000-000000000001',
      at: '2026-11-30T10:00:00.000Z',
      command: 'issues.createIssue',
      connection: 'sandbox-issues',
      surface: 'mcp',
      actor: 'token:0123456789ab',
      status: 'failed',
      outcome: 'rate_limit',
      message: 'Linear is rate limiting this key.',
      durationMs: 80,
      dryRun: false,
    });

    await user.click(screen.getByRole('link', { name: 'Recent runs' }));
    await screen.findByText('This browser');
    const cards = within(screen.getByRole('list', { name: 'Runs' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const mine = cards.find((card) => within(card).queryByText('This browser'))!;
    expect(within(mine).getByRole('heading').textContent).toMatch(/Get Customers/);
    expect(within(mine).getByText('Limit')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Run Get Customers again' })).toBeTruthy();
    const agent = cards.find((card) => within(card).queryByText('MCP'))!;
    expect(within(agent).getByText('Linear is rate limiting this key.')).toBeTruthy();
    expect(within(agent).getByText('on sandbox-issues')).toBeTruthy();
    // Another surface's run has no input here: it can be opened, not run again.
    expect(within(agent).queryByRole('button', { name: /again/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText('From'), 'mcp');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Runs' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(
      host.state.calls.some((call) => call.path.startsWith('/api/runs?surface=mcp') && call.method === 'GET'),
    ).toBe(true);
    await user.selectOptions(screen.getByLabelText('Status'), 'succeeded');
    await screen.findByText('No runs match these filters.');
  });

  it('says a nested input in words and matches a browser run recorded without an id by time', () => {
    expect(inputWords({ customerId: 'cus_1', metadata: { a: 1, b: 2 }, items: [1], empty: '' })).toEqual([
      { label: 'Customer id', value: 'cus_1' },
      { label: 'Metadata', value: '2 fields' },
      { label: 'Items', value: '1 item' },
    ]);
    const at = '2026-11-30T10:00:00.000Z';
    const line = {
      id: 'h1',
      at,
      command: 'a.b',
      connection: 'c',
      surface: 'web' as const,
      actor: 'session:x',
      status: 'succeeded' as const,
      dryRun: false,
    };
    const local = { id: 'l1', commandId: 'a.b', title: 'B', input: {}, at, ok: true, durationMs: 1 };
    const older = { ...local, id: 'l0', at: '2026-11-01T10:00:00.000Z' };
    const merged = mergeRuns([line], [local, older], { complete: false, filtered: false });
    expect(merged.map((entry) => [entry.key, entry.local?.id])).toEqual([['h1', 'l1']]);
    expect(mergeRuns([line], [local, older], { complete: true, filtered: false })).toHaveLength(2);
  });
});
