import type { RJSFSchema } from '@rjsf/utils';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fixtures from '../test/__fixtures__/commands.json';
import { mockServer, renderApp } from '../test/render';
import { formValidator } from './validator';

const msw = mockServer();

// The command's real input schema, as the host describes it (the fixture is written from the registry).
const inputSchema = (fixtures as unknown as Record<string, { inputSchema: RJSFSchema }>)[
  'analytics.eventSegmentation'
]?.inputSchema as RJSFSchema;

async function openSegmentation() {
  const rendered = renderApp('#/commands/analytics.eventSegmentation');
  await screen.findByRole('button', { name: 'Run' });
  fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-11-14' } });
  return { ...rendered, event: within(screen.getByRole('group', { name: 'Event' })) };
}

function sentInput(host: ReturnType<typeof msw.host>) {
  const call = host.state.calls.find((entry) => entry.path.endsWith('eventSegmentation/run'));
  return (call?.body as { input: Record<string, unknown> } | undefined)?.input;
}

/** The problems the command's own JSON Schema finds in an input (none for a valid one). */
const problems = (input: unknown) =>
  formValidator.validateFormData(input, inputSchema).errors.map((error) => error.stack);

describe('an event as a form', () => {
  it('starts from the event’s default, which runs as it is', async () => {
    const host = msw.host();
    const { user, event } = await openSegmentation();
    expect(event.getByLabelText(/^Event › Event Type/)).toHaveValue('_active');
    expect(event.getByRole('group', { name: 'Event › Filters' })).toBeInTheDocument();
    // Fields, not a JSON box.
    expect(screen.getByRole('group', { name: 'Event' }).querySelector('textarea')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    const input = sentInput(host);
    expect(input).toEqual({
      event: { event_type: '_active' },
      start: '20261101',
      end: '20261114',
      metric: 'uniques',
      userType: 'active',
      interval: '1',
      limit: 100,
    });
    expect(problems(input)).toEqual([]);
  });

  it('edits filters and group-bys item by item and sends the event object', async () => {
    const host = msw.host();
    const { user, event } = await openSegmentation();
    const eventType = event.getByLabelText(/^Event › Event Type/);
    await user.clear(eventType);
    await user.type(eventType, 'Play Song');

    await user.click(event.getByRole('button', { name: 'Add to Event › Filters' }));
    const filter = within(event.getByRole('group', { name: 'Event › Filters' }));
    // An item is named by its place, as its Remove button and its errors name it.
    expect(filter.getByRole('group', { name: 'Item 1' })).toBeInTheDocument();
    await user.selectOptions(filter.getByLabelText(/^Property Type/), 'User property');
    await user.type(filter.getByLabelText(/^Property\s*\*?$/), 'country');
    await user.selectOptions(filter.getByLabelText(/^Operator/), 'is');
    fireEvent.change(filter.getByLabelText(/^Values/), { target: { value: '["Germany", "France"]' } });

    const groupBy = () => within(event.getByRole('group', { name: 'Event › Group By' }));
    await user.click(event.getByRole('button', { name: 'Add to Event › Group By' }));
    await user.click(event.getByRole('button', { name: 'Add to Event › Group By' }));
    const types = groupBy().getAllByLabelText(/^Property Type/);
    await user.selectOptions(types[0] as HTMLElement, 'Event property');
    await user.type(groupBy().getAllByLabelText(/^Property\s*\*?$/)[0] as HTMLElement, 'source');
    // At most two group-bys: no third can be added; the second is removed again.
    expect(event.queryByRole('button', { name: 'Add to Event › Group By' })).not.toBeInTheDocument();
    await user.click(groupBy().getByRole('button', { name: 'Remove item 2' }));
    expect(groupBy().getAllByLabelText(/^Property Type/)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    const input = sentInput(host);
    expect(input?.event).toEqual({
      event_type: 'Play Song',
      filters: [
        {
          subprop_type: 'user',
          subprop_key: 'country',
          subprop_op: 'is',
          subprop_value: ['Germany', 'France'],
        },
      ],
      group_by: [{ type: 'event', value: 'source' }],
    });
    expect(problems(input)).toEqual([]);
  });

  it('names an unfinished filter’s missing field and sends nothing', async () => {
    const host = msw.host();
    const { user, event } = await openSegmentation();
    await user.click(event.getByRole('button', { name: 'Add to Event › Filters' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByText(/needs? attention/);
    expect(sentInput(host)).toBeUndefined();
    const property = within(event.getByRole('group', { name: 'Event › Filters' })).getByLabelText(
      /^Property\s*\*?$/,
    );
    expect(property.closest('.field')).toHaveTextContent('This field is required.');
  });
});

describe('suggested values', () => {
  it('offers the sandbox’s saved chart ids for a chart id', async () => {
    msw.host();
    renderApp('#/commands/analytics.getChartResults');
    await screen.findByRole('button', { name: 'Run' });
    const chartId = screen.getByLabelText(/Chart ID/);
    const list = document.getElementById(chartId.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
      'sbx4k2m',
      'sbx7dau',
    ]);
    expect(chartId.closest('.field')).toHaveTextContent(/The sandbox has sbx4k2m/);
  });
});

describe('an optional nested form', () => {
  it('is not sent once emptied again, so that it does not stop the run', async () => {
    const host = msw.host();
    const { user } = await openSegmentation();
    const second = within(screen.getByRole('group', { name: 'Second Event' }));
    await user.type(second.getByLabelText(/^Second Event › Event Type/), 'Purchase');
    await user.clear(second.getByLabelText(/^Second Event › Event Type/));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('heading', { name: 'Result' });
    expect(sentInput(host)).not.toHaveProperty('event2');
  });
});

describe('the fields of nested objects', () => {
  it('carry names that tell them apart, their parents’ titles first where two would be the same', async () => {
    msw.host();
    await openSegmentation();
    const form = document.getElementById('command-form') as HTMLElement;
    const names = [
      ...[...form.querySelectorAll('.field__label')].map((label) => label.textContent ?? ''),
      ...[...form.querySelectorAll('legend')].map((legend) => legend.textContent ?? ''),
    ].map((name) => name.replace(/\s*\*$/, ''));
    expect(names.filter((name) => /Group By$/.test(name)).sort()).toEqual([
      'Event › Group By',
      'Group By',
      'Second Event › Group By',
    ]);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(screen.getByLabelText(/^Group By/)).toHaveAttribute('id', 'command-form_groupBy');
  });

  it('show only their own title inside their parent’s box, the parents’ titles for screen readers only', async () => {
    msw.host();
    await openSegmentation();
    const second = screen.getByRole('group', { name: 'Second Event' });
    // What a sighted reader sees: the text outside `.sr-only`, the box's legend already above it.
    const shown = (element: Element) => {
      const copy = element.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('.sr-only, .field__required')) hidden.remove();
      return copy.textContent?.replace(/\s+/g, ' ').trim();
    };
    const label = second.querySelector('label[for="command-form_event2_event_type"]') as Element;
    expect(shown(label)).toBe('Event Type');
    expect(within(second).getByLabelText(/^Second Event › Event Type/)).toBe(
      document.getElementById('command-form_event2_event_type'),
    );
    const groupBy = within(second).getByRole('group', { name: 'Second Event › Group By' });
    expect(shown(groupBy.querySelector('legend') as Element)).toBe('Group By');
    const add = within(groupBy).getByRole('button', { name: 'Add to Second Event › Group By' });
    expect(shown(add)).toBe('Add to Group By');
  });
});

describe('required marks in an optional object', () => {
  const marks = (group: HTMLElement) => group.querySelectorAll('.field__required').length;

  it('shows none until the object is filled in, then its required fields’ own', async () => {
    msw.host();
    const { user } = await openSegmentation();
    const second = screen.getByRole('group', { name: 'Second Event' });
    expect(marks(second)).toBe(0);
    const eventType = within(second).getByLabelText(/^Second Event › Event Type/);
    await user.type(eventType, 'Purchase');
    // Given now: its event type must be filled, and says so; the object itself stays optional.
    expect(eventType.closest('.field')?.querySelector('.field__required')).not.toBeNull();
    expect(second.querySelector(':scope > legend .field__required')).toBeNull();
    await user.clear(eventType);
    expect(marks(second)).toBe(0);
  });

  it('shows them in an optional object that starts filled from its default', async () => {
    msw.host();
    const { event } = await openSegmentation();
    const eventType = event.getByLabelText(/^Event › Event Type/);
    expect(eventType.closest('.field')?.querySelector('.field__required')).not.toBeNull();
    expect(
      screen.getByRole('group', { name: 'Event' }).querySelector(':scope > legend .field__required'),
    ).toBeNull();
  });

  it('shows them once a list item is added to it, whose fields must then be filled', async () => {
    msw.host();
    const { user } = await openSegmentation();
    const second = screen.getByRole('group', { name: 'Second Event' });
    await user.click(within(second).getByRole('button', { name: 'Add to Second Event › Filters' }));
    const eventType = within(second).getByLabelText(/^Second Event › Event Type/);
    expect(eventType.closest('.field')?.querySelector('.field__required')).not.toBeNull();
    const filter = within(second).getByRole('group', { name: 'Item 1' });
    expect(marks(filter)).toBeGreaterThan(0);
  });
});
