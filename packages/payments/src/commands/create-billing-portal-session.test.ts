import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createBillingPortalSession } from './create-billing-portal-session.js';

const h = useSimulator(paymentsSimulator, stripeHarness());

describe('createBillingPortalSession', () => {
  it('returns the portal link of a customer, with the return URL sent', async () => {
    const customer = await h.client.run('createCustomer', {});
    const session = await h.client.run('createBillingPortalSession', {
      customerId: customer.id,
      returnUrl: 'https://shop.example.com/account',
    });
    const call = h.sim.server.calls.at(-1);
    expect(call?.path).toBe('/v1/billing_portal/sessions');
    expect(formPairs(call)).toEqual([
      ['customer', customer.id],
      ['return_url', 'https://shop.example.com/account'],
    ]);
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'https://shop.example.com/account',
    });
    expect(session.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expectOutput(createBillingPortalSession, session);
  });

  it('refuses an unknown customer with Stripe’s error, and a bad return URL before sending', async () => {
    const missing = await failure(h.client.run('createBillingPortalSession', { customerId: 'cus_missing' }));
    expect(missing.providerCode).toBe('resource_missing');
    const bad = await failure(
      h.client.run('createBillingPortalSession', { customerId: 'cus_x', returnUrl: 'nope' }),
    );
    expect(bad.parameter).toBe('returnUrl');
    expect(h.sim.server.calls).toHaveLength(1);
  });
});
