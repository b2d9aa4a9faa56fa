import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { planForm } from '../commands/form-plan';
import fixtures from '../test/__fixtures__/commands.json';
import { mockServer, renderApp } from '../test/render';
import { SchemaForm } from './schema-form';

const msw = mockServer();

async function openSearchIssues() {
  const rendered = renderApp('#/commands/issues.searchIssues');
  await screen.findByRole('button', { name: 'Run' });
  return { ...rendered, builder: within(screen.getByRole('group', { name: 'Filter' })) };
}

const sentFilter = (host: ReturnType<typeof msw.host>) =>
  (
    host.state.calls.find((call) => call.path === '/api/commands/issues.searchIssues/run')?.body as {
      input: { filter?: unknown };
    }
  )?.input.filter;

describe('filter builder', () => {
  it('offers a control per declared field, with choices from the connection and words for values', async () => {
    const host = msw.host();
    const { user, builder } = await openSearchIssues();
    const stateType = builder.getByLabelText('State Type') as HTMLSelectElement;
    expect([...stateType.options].map((option) => option.textContent)).toEqual([
      'Any',
      'Triage',
      'Backlog',
      'Unstarted (Todo)',
      'Started (In Progress)',
      'Completed (Done)',
      'Canceled',
    ]);
    const priority = builder.getByLabelText('Priority') as HTMLSelectElement;
    expect([...priority.options].map((option) => option.textContent)).toEqual([
      'Any',
      'No priority',
      'Urgent',
      'High',
      'Medium',
      'Low',
    ]);
    expect(builder.getByRole('checkbox', { name: 'Assigned to me' })).not.toBeChecked();
    expect(builder.getByLabelText('More (JSON)').tagName).toBe('TEXTAREA');

    // Users come from the connector's own read command, run on the chosen connection.
    const assignee = builder.getByRole('combobox', { name: 'Assignee' });
    await user.click(assignee);
    await waitFor(() => expect(assignee).toHaveAccessibleDescription(/2 users in sandbox-issues/));
    await user.keyboard('{ArrowDown}');
    const users = within(screen.getByRole('listbox', { name: 'users' })).getAllByRole('option');
    expect(users.map((option) => option.textContent)).toEqual([
      'Ada Lovelaceada@example.com · user-ada',
      'Alan Turingalan@example.com · user-alan',
    ]);
    const lookup = host.state.calls.find((call) => String(JSON.stringify(call.body)).includes('users('));
    // Declared with the connector's own key; run under the host's qualified id.
    expect(lookup?.path).toBe('/api/commands/issues.customGraphqlAction/run');
    expect(lookup?.body).toMatchObject({ connection: 'sandbox-issues' });

    // A label is chosen by name, so the box says that a name may be typed.
    const label = builder.getByRole('combobox', { name: 'Label' });
    await user.click(label);
    await waitFor(() => expect(label).toHaveAccessibleDescription(/or type a name/));
  });

  it('sends one filter: the JSON deep-merged with the chosen fields', async () => {
    const host = msw.host();
    const { user, builder } = await openSearchIssues();
    const team = builder.getByRole('combobox', { name: 'Team' });
    await user.click(team);
    await waitFor(() => expect(team).toHaveAccessibleDescription(/2 teams in sandbox-issues/));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(team).toHaveValue('team-eng');
    await user.selectOptions(builder.getByLabelText('State Type'), 'Started (In Progress)');
    await user.selectOptions(builder.getByLabelText('Priority'), 'High');
    await user.click(builder.getByRole('checkbox', { name: 'Assigned to me' }));
    await user.type(builder.getByRole('combobox', { name: 'Label' }), 'Bug');
    fireEvent.change(builder.getByLabelText('More (JSON)'), {
      target: { value: '{"title": {"containsIgnoreCase": "crash"}, "team": {"key": {"eq": "ENG"}}}' },
    });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    expect(sentFilter(host)).toEqual({
      title: { containsIgnoreCase: 'crash' },
      team: { key: { eq: 'ENG' }, id: { eq: 'team-eng' } },
      state: { type: { eq: 'started' } },
      assignee: { isMe: { eq: true } },
      priority: { eq: 2 },
      labels: { some: { name: { eq: 'Bug' } } },
    });
  });

  it('runs with no filter chosen as {}, and stops at JSON that is not an object', async () => {
    const host = msw.host();
    const { user, builder } = await openSearchIssues();
    const more = builder.getByLabelText('More (JSON)');
    fireEvent.change(more, { target: { value: '{"title": ' } });
    expect(more).toHaveAccessibleDescription(/Not valid JSON/);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByText(/One field needs attention/);
    expect(host.state.calls.some((call) => call.path.endsWith('searchIssues/run'))).toBe(false);

    fireEvent.change(more, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    expect(sentFilter(host)).toEqual({});
  });

  it('shows a filter given from outside (a re-run) in its fields, and the rest as JSON', () => {
    const inputSchema = (fixtures as unknown as Record<string, { inputSchema: Record<string, unknown> }>)[
      'issues.searchIssues'
    ]?.inputSchema as Record<string, unknown>;
    const { schema, uiSchema } = planForm('issues.searchIssues', inputSchema);
    const onChange = vi.fn();
    const filter = { priority: { eq: 1 }, assignee: { isMe: { eq: true } }, title: { contains: 'crash' } };
    render(
      <SchemaForm
        id="rerun"
        schema={schema}
        uiSchema={uiSchema}
        formData={{ filter }}
        formContext={{ commandId: 'issues.searchIssues', formData: { filter }, runLookup: async () => ({}) }}
        onChange={onChange}
        onSubmit={() => {}}
      >
        {null}
      </SchemaForm>,
    );
    const priority = screen.getByLabelText('Priority') as HTMLSelectElement;
    expect(priority.selectedOptions[0]?.textContent).toBe('Urgent');
    expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
    expect(screen.getByLabelText('More (JSON)')).toHaveValue(
      JSON.stringify({ title: { contains: 'crash' } }, null, 2),
    );
    // Unticking a field takes its condition out of the filter, and leaves the rest.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    expect(onChange.mock.lastCall?.[0]).toMatchObject({
      filter: { title: { contains: 'crash' }, priority: { eq: 1 } },
    });
    expect(onChange.mock.lastCall?.[0].filter).not.toHaveProperty('assignee');
  });
});
