import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockToken } from './test/mock-host';
import { mockServer, renderApp } from './test/render';

const msw = mockServer();

describe('sign-in', () => {
  it('asks for the access token when the host answers 401, then loads the catalogue', async () => {
    const host = msw.host({ signedIn: false });
    const { user } = renderApp();
    const field = await screen.findByLabelText('Access token');
    expect(field).toHaveAttribute('type', 'password');

    await user.type(field, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That token was not accepted');

    await user.clear(field);
    await user.type(field, `http://127.0.0.1:8787/auth?token=${mockToken}`);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('navigation', { name: 'Commands' })).toBeInTheDocument();
    expect(host.state.calls.filter((call) => call.path === '/api/session')).toHaveLength(2);
  });

  it('links to the host’s API reference from the header', async () => {
    msw.host();
    renderApp();
    const link = await screen.findByRole('link', { name: 'API reference' });
    expect(link).toHaveAttribute('href', '/api/reference');
    expect(link.closest('header')).toBeInTheDocument();
  });

  it('does not sign out when a provider refuses a connection (401 without WWW-Authenticate)', async () => {
    msw.host();
    const { user } = renderApp('#/commands/payments.getCustomerById');
    const field = await screen.findByRole('combobox', { name: /Customer Id/ });
    await user.type(field, 'cus_revoked');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByRole('alert', { name: 'Error' });
    expect(alert).toHaveTextContent('Authentication failed');
    expect(alert).toHaveTextContent('Invalid API Key provided');
    expect(within(alert).getByRole('button', { name: 'Reconnect sandbox-payments' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Access token')).not.toBeInTheDocument();
  });
});

describe('command list', () => {
  it('groups commands by connector and filters by search words', async () => {
    msw.host();
    const { user } = renderApp();
    const list = await screen.findByRole('navigation', { name: 'Commands' });
    expect(within(list).getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Product Analytics' })).toBeInTheDocument();
    await user.type(within(list).getByRole('searchbox', { name: 'Search commands' }), 'user counts');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    expect(within(list).getByRole('link')).toHaveTextContent('Active and New User Counts');
    expect(within(list).queryByRole('heading', { name: 'Payments' })).not.toBeInTheDocument();
  });
});
