import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../test/mock-host';
import { mockServer, renderApp } from '../test/render';
import { credentialsPlan, suggestName } from './credentials-plan';

const msw = mockServer();

afterEach(() => vi.restoreAllMocks());

function card(name: string) {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}

describe('connections screen', () => {
  it('lists connections with sandbox, default and status badges', async () => {
    msw.host();
    renderApp('#/connections');
    const payments = await waitFor(() => card('sandbox-payments'));
    expect(within(payments).getByText('Sandbox')).toBeInTheDocument();
    expect(within(payments).getByText('Default')).toBeInTheDocument();
    expect(within(payments).getByText('sk_test_…4242')).toBeInTheDocument();
    // Where its calls go, by the option's title; an address left at its default says so.
    expect(within(payments).getByText('Base URL').nextSibling).toHaveTextContent('http://127.0.0.1:12111');
    expect(within(payments).getByText('API Key')).toBeInTheDocument();
    expect(within(card('sandbox-issues')).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(within(payments).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
  });

  it("shows the sandbox's base URLs and keys as variables to paste", async () => {
    msw.host();
    renderApp('#/connections');
    const panel = await screen.findByRole('region', { name: 'Sandbox' });
    expect(within(panel).getByText('Payments')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Payments variables')).toHaveTextContent(
      'export C_PAYMENTS_API_KEY=sk_test_sandboxKey123 export C_PAYMENTS_BASE_URL=http://127.0.0.1:12111',
    );
    expect(within(panel).getByText('http://127.0.0.1:12111')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Copy all variables/ })).toBeInTheDocument();
    expect(panel).toHaveTextContent('eval "$(./c-host sandbox env)"');
  });

  it('says how to start a stopped sandbox, still showing the keys it will use again', async () => {
    const host = msw.host();
    host.state.sandbox = { ...host.state.sandbox, running: false };
    renderApp('#/connections');
    const panel = await screen.findByRole('region', { name: 'Sandbox' });
    expect(panel).toHaveTextContent('The sandbox is stopped: start it with ./c-host serve --sandbox');
    expect(within(panel).getByLabelText('Payments variables')).toHaveTextContent('sk_test_sandboxKey123');
  });

  it('shows a failed check and a stopped sandbox with their message, never as Connected', async () => {
    msw.host({
      connections: [
        connection('live-payments', 'payments', {
          sandbox: false,
          status: 'check_failed',
          statusMessage: 'The check of 2026-11-24T12:00:00.000Z failed: Stripe did not answer in 30 s',
        }),
        connection('sandbox-analytics', 'analytics', {
          status: 'sandbox_stopped',
          statusMessage:
            'The sandbox is not running: connection "sandbox-analytics" points at a local simulator that runs only while `c-host serve --sandbox` does. Start it and try again.',
        }),
        connection('sandbox-payments', 'payments', { isDefault: false }),
      ],
    });
    renderApp('#/connections');
    const failed = await waitFor(() => card('live-payments'));
    expect(within(failed).getByText('Check failed')).toBeInTheDocument();
    expect(within(failed).queryByText('Connected')).not.toBeInTheDocument();
    expect(failed).toHaveTextContent('Stripe did not answer in 30 s');
    const stopped = card('sandbox-analytics');
    expect(within(stopped).getByText('Sandbox stopped')).toBeInTheDocument();
    expect(within(stopped).queryByText('Connected')).not.toBeInTheDocument();
    expect(stopped).toHaveTextContent('c-host serve --sandbox');
    expect(within(card('sandbox-payments')).getByText('Connected')).toBeInTheDocument();
  });

  it('adds an API-key connection with a masked key, showing the host’s refusal first', async () => {
    const host = msw.host();
    const { user } = renderApp('#/connections');
    await user.click(await screen.findByRole('button', { name: 'Add connection' }));
    expect(screen.getByLabelText(/Connection name/)).toHaveValue('payments');
    await user.clear(screen.getByLabelText(/Connection name/));
    await user.type(screen.getByLabelText(/Connection name/), 'live-payments');
    const key = screen.getByLabelText(/API Key/, { selector: 'input' });
    expect(key).toHaveAttribute('type', 'password');
    await user.type(key, 'sk_test_bad');
    await user.click(screen.getByRole('button', { name: 'Show API Key' }));
    expect(key).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Save and check' }));
    const refused = await screen.findByRole('alert', { name: 'Error' });
    expect(refused).toHaveTextContent('Payments refused this API Key. Check it and save again.');
    expect(refused).toHaveTextContent('Invalid API Key provided');
    expect(refused).not.toHaveTextContent(/reconnect/i);
    expect(within(refused).queryByRole('button')).not.toBeInTheDocument();

    await user.clear(key);
    await user.type(key, 'sk_test_good');
    await user.click(screen.getByRole('button', { name: 'Save and check' }));
    expect(
      await screen.findByText('Saved live-payments: the host checked it with Payments.'),
    ).toBeInTheDocument();
    expect(card('live-payments')).toBeInTheDocument();
    const saved = host.state.calls.filter(
      (call) => call.method === 'POST' && call.path === '/api/connections',
    );
    expect(saved.at(-1)?.body).toEqual({
      name: 'live-payments',
      connector: 'payments',
      credentials: { apiKey: 'sk_test_good' },
      options: {},
      isDefault: false,
    });
  });

  it('connects an OAuth connector in a pop-up and updates when the callback posts back', async () => {
    msw.host();
    const popup = { closed: false } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const { user } = renderApp('#/connections');
    await user.click(await screen.findByRole('button', { name: 'Add connection' }));
    await user.selectOptions(screen.getByLabelText('Connector'), 'docs');
    await user.click(screen.getByRole('button', { name: 'Connect Documents' }));
    expect(open).toHaveBeenCalledWith(
      '/api/oauth/docs/start?connection=docs',
      'c-host-oauth-docs',
      expect.stringContaining('popup'),
    );

    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { type: 'c-host:oauth', ok: true },
        }),
      );
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'c-host:oauth', ok: true, connection: 'docs' },
        }),
      );
    });
    expect(await screen.findByText('Connected docs to Documents.')).toBeInTheDocument();
  });

  it('says so when the pop-up is blocked, and removes a connection after confirmation', async () => {
    const host = msw.host();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('#/connections');
    await user.click(
      await waitFor(() => within(card('sandbox-issues')).getByRole('button', { name: 'Reconnect' })),
    );
    expect(await within(card('sandbox-issues')).findByRole('status')).toHaveTextContent('blocked');
    expect(within(card('sandbox-issues')).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(card('sandbox-analytics')).getByRole('button', { name: 'Remove…' }));
    expect(within(card('sandbox-analytics')).getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.click(within(card('sandbox-analytics')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed sandbox-analytics.')).toBeInTheDocument();
    expect(
      host.state.calls.some(
        (call) => call.method === 'DELETE' && call.path === '/api/connections/sandbox-analytics',
      ),
    ).toBe(true);
  });
});

describe('adding a connection', () => {
  it('says an empty name needs one, even while the key is missing too, and sends nothing', async () => {
    const host = msw.host();
    const { user } = renderApp('#/connections');
    await user.click(await screen.findByRole('button', { name: 'Add connection' }));
    const name = screen.getByLabelText(/Connection name/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save and check' }));
    expect(await screen.findByText('Give the connection a name, e.g. payments.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(/Give the connection a name/);
    expect(screen.getByText('This field is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/API Key/, { selector: 'input' }), 'sk_test_good');
    await user.click(screen.getByRole('button', { name: 'Save and check' }));
    expect(screen.getByText('Give the connection a name, e.g. payments.')).toBeInTheDocument();
    expect(host.state.calls.some((call) => call.method === 'POST' && call.path === '/api/connections')).toBe(
      false,
    );
  });

  it('reports a declined OAuth consent as a note, not as an authentication failure', async () => {
    msw.host();
    vi.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    const { user } = renderApp('#/connections');
    await user.click(await screen.findByRole('button', { name: 'Add connection' }));
    await user.selectOptions(screen.getByLabelText('Connector'), 'docs');
    await user.click(screen.getByRole('button', { name: 'Connect Documents' }));
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            type: 'c-host:oauth',
            ok: false,
            connection: 'docs',
            error: 'The provider did not grant access (access_denied).',
          },
        }),
      );
    });
    const note = await screen.findByText(/Documents did not connect/);
    expect(note).toHaveTextContent(
      'Documents did not connect: The provider did not grant access (access_denied). Nothing was saved',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Retryable')).not.toBeInTheDocument();
  });
});

describe('credential fields', () => {
  it('asks an OAuth connector only for its alternatives, and masks text fields', () => {
    const plan = credentialsPlan({
      id: 'issues',
      title: 'Issues',
      description: '',
      auth: {
        type: 'oauth2',
        authorizationUrl: 'https://linear.app/oauth/authorize',
        tokenUrl: 'https://api.linear.app/oauth/token',
        scopes: ['read'],
        alternatives: ['apiKey'],
      },
      env: {},
      oauthConfigured: true,
      credentialsSchema: {
        anyOf: [
          { type: 'object', properties: { accessToken: { type: 'string' } }, required: ['accessToken'] },
          {
            type: 'object',
            properties: { apiKey: { type: 'string', title: 'Personal API key' } },
            required: ['apiKey'],
          },
        ],
      },
      optionsSchema: {},
    });
    expect(plan?.schema).toEqual({
      type: 'object',
      properties: { apiKey: { type: 'string', title: 'Personal API key' } },
      required: ['apiKey'],
    });
    expect(plan?.uiSchema).toEqual({ apiKey: { 'ui:widget': 'secret' } });
    expect(suggestName('payments', ['payments', 'payments-2'])).toBe('payments-3');
  });
});
