import { describe, expect, it } from 'vitest';
import { lookupFor } from './lookups';

describe('plan lookup', () => {
  it('offers recurring prices only, since a subscription refuses a one-time fee', () => {
    const spec = lookupFor('payments.createSubscription', 'plan');
    const options = spec?.options(
      {
        object: 'list',
        data: [
          {
            id: 'price_Monthly',
            nickname: 'Pro monthly',
            unit_amount: 1200,
            currency: 'usd',
            recurring: { interval: 'month' },
          },
          {
            id: 'price_SeedOnboardingFee',
            nickname: 'Onboarding',
            unit_amount: 5000,
            currency: 'usd',
            recurring: null,
          },
        ],
      },
      {},
    );
    expect(options).toEqual([
      { value: 'price_Monthly', label: 'Pro monthly', detail: '12.00 USD per month' },
    ]);
  });
});
