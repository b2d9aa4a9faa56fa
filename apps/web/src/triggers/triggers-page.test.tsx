import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockTriggers } from '../test/mock-triggers';
import { mockServer, renderApp } from '../test/render';
import type { TriggerEvent } from './triggers-api';

const msw = mockServer();

/** jsdom has no `EventSource`; this one records what was opened and lets a test push events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();

  constructor(url: string, init?: { withCredentials?: boolean }) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

function event(id: string, type: string, data: unknown): TriggerEvent {
  return {
    id,
    trigger: 'payments.event',
    subscription: 'sub_1',
    type,
    occurredAt: '2026-11-24T12:00:00.000Z',
    receivedAt: '2026-11-24T12:00:01.000Z',
    data,
  };
}

function withTriggers() {
  msw.host();
  const triggers = createMockTriggers();
  msw.server.use(...triggers.handlers);
  return triggers;
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('triggers screen', () => {
  it('is in the navigation and lists the catalogue', async () => {
    withTriggers();
    renderApp('#/triggers');
    expect(await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to File Changed…' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Triggers' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('No subscriptions yet.')).toBeInTheDocument();
  });

  it('subscribes from the trigger’s form on the chosen connection, then removes it', async () => {
    const triggers = withTriggers();
    const { user } = renderApp('#/triggers');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' }));
    const form = screen.getByRole('region', { name: 'Subscribe to Stripe Event' });
    expect(within(form).getByLabelText('Connection')).toHaveValue('sandbox-payments');
    await user.click(within(form).getByText('customer', { selector: 'code' }));
    await user.click(within(form).getByRole('checkbox', { name: 'customer.created' }));
    expect(within(form).getByText('1 selected')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    const item = await screen.findByRole('listitem', { name: 'Stripe Event on sandbox-payments' });
    expect(triggers.state.calls).toEqual([
      {
        method: 'POST',
        path: '/api/subscriptions',
        body: {
          trigger: 'payments.event',
          connection: 'sandbox-payments',
          input: { events: ['customer.created'] },
        },
      },
    ]);
    // The input as labelled fields, not its JSON.
    expect(item).toHaveTextContent('customer.created');
    expect(item).not.toHaveTextContent('{');
    expect(item).toHaveTextContent('active');
    expect(screen.getByText(/^Subscribed to Stripe Event on sandbox-payments\./)).toHaveTextContent(
      'http://127.0.0.1:4848/hooks/sub_1',
    );
    // Without a delivery address there is no signing secret to show.
    expect(screen.queryByRole('region', { name: /Signing secret/ })).not.toBeInTheDocument();

    // Removing deletes the provider's webhook too, so it asks first; Keep changes nothing.
    await user.click(within(item).getByRole('button', { name: 'Remove Stripe Event on sandbox-payments…' }));
    await user.click(within(item).getByRole('button', { name: 'Keep' }));
    expect(triggers.state.calls).toHaveLength(1);
    await user.click(within(item).getByRole('button', { name: 'Remove Stripe Event on sandbox-payments…' }));
    expect(within(item).getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText('No subscriptions yet.')).toBeInTheDocument());
    expect(screen.getByText('Removed Stripe Event on sandbox-payments.')).toBeInTheDocument();
    expect(triggers.state.calls.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/subscriptions/sub_1',
      body: undefined,
    });
  });

  it('picks event types by search and by group, delivers to a URL and shows its secret once', async () => {
    const triggers = withTriggers();
    const { user } = renderApp('#/triggers');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' }));
    const form = screen.getByRole('region', { name: 'Subscribe to Stripe Event' });
    await user.type(within(form).getByRole('searchbox', { name: 'Search events' }), 'subscription');
    expect(within(form).queryByRole('checkbox', { name: 'invoice.paid' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Select all in customer.subscription' }));
    expect(within(form).getByText('2 selected')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Deliver to/ }), 'https://example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    const secret = await screen.findByRole('region', {
      name: 'Signing secret for https://example.com/hooks',
    });
    expect(secret).toHaveTextContent('whsec_test_delivery');
    expect(triggers.state.calls[0]?.body).toEqual({
      trigger: 'payments.event',
      connection: 'sandbox-payments',
      input: { events: ['customer.subscription.created', 'customer.subscription.updated'] },
      deliverTo: { url: 'https://example.com/hooks' },
    });
    await user.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('whsec_test_delivery')).not.toBeInTheDocument();
  });

  it('sends every type as ["*"], the other boxes off', async () => {
    const triggers = withTriggers();
    const { user } = renderApp('#/triggers');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' }));
    await user.click(screen.getByRole('checkbox', { name: /All events/ }));
    expect(screen.getByRole('checkbox', { name: 'invoice.paid' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByRole('listitem', { name: 'Stripe Event on sandbox-payments' });
    expect(triggers.state.calls[0]?.body).toMatchObject({ input: { events: ['*'] } });
  });

  it('does not send a form that misses a required field', async () => {
    const triggers = withTriggers();
    const { user } = renderApp('#/triggers');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveAccessibleDescription(
        /This field is required/,
      ),
    );
    expect(triggers.state.calls).toEqual([]);
  });

  it('shows the host’s refusal next to the parameter it names, the delivery address too', async () => {
    withTriggers();
    const { user } = renderApp('#/triggers');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' }));
    await user.click(screen.getByRole('checkbox', { name: 'customer.deleted' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('"customer.deleted" is not enabled');
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveAccessibleDescription(
      /is not enabled for this account/,
    );

    await user.click(screen.getByRole('checkbox', { name: 'customer.deleted' }));
    await user.click(screen.getByRole('checkbox', { name: 'customer.created' }));
    const address = screen.getByRole('textbox', { name: /Deliver to/ });
    await user.type(address, 'http://10.0.0.8/hook');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(/expected an https:\/\/ URL/));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    // Said once, under the field, not again in a panel below the form.
    expect(screen.getAllByText(/expected an https:\/\/ URL/)).toHaveLength(1);
    expect(screen.getByText('No subscriptions yet.')).toBeInTheDocument();
  });

  it('says so when the connector has no connection', async () => {
    withTriggers();
    const { user } = renderApp('#/triggers');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to File Changed…' }));
    expect(screen.getByRole('region', { name: 'Subscribe to File Changed' })).toHaveTextContent(
      'No connection for Documents yet',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('offers Reconnect when the host refuses the stream for good', async () => {
    withTriggers();
    const { user } = renderApp('#/triggers');
    await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' });
    const [first] = FakeEventSource.opened;
    act(() => {
      if (first) first.readyState = FakeEventSource.CLOSED;
      first?.onerror?.();
    });
    expect(screen.getByRole('heading', { name: /Events/ })).toHaveTextContent('Stopped');
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(first?.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(screen.getByRole('heading', { name: /Events/ })).toHaveTextContent('Connecting');
  });

  it('shows live events newest first, each with its data, and closes the stream on leaving', async () => {
    withTriggers();
    const { unmount } = renderApp('#/triggers');
    await screen.findByRole('button', { name: 'Subscribe to Stripe Event…' });
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe('/api/events/stream');
    expect(source?.withCredentials).toBe(true);
    act(() => {
      source?.onopen?.();
      source?.emit('event', JSON.stringify(event('evt_1', 'customer.created', { id: 'cus_1' })));
      source?.emit('event', JSON.stringify(event('evt_2', 'invoice.paid', { id: 'in_1', amount: 500 })));
      // A replay after a reconnect repeats nothing.
      source?.emit('event', JSON.stringify(event('evt_1', 'customer.created', { id: 'cus_1' })));
    });
    expect(screen.getByRole('heading', { name: /Events/ })).toHaveTextContent('Live');
    const items = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'invoice.paid · Stripe Event',
      'customer.created · Stripe Event',
    ]);
    const details = items[0]?.querySelector('details');
    expect(details).not.toHaveAttribute('open');
    expect(JSON.parse(details?.querySelector('pre')?.textContent ?? '')).toEqual({ id: 'in_1', amount: 500 });

    act(() => source?.onerror?.());
    expect(screen.getByRole('heading', { name: /Events/ })).toHaveTextContent('Reconnecting');
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
    unmount();
    expect(source?.closed).toBe(true);
  });
});
