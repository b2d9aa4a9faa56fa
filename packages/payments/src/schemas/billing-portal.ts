import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { livemode, objectType, unixTime } from './common.js';

/** A customer portal session (`bps_…`): the link that lets a customer manage their billing. */
export const billingPortalSessionSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Session Id', description: 'The session’s id, bps_….' }),
      object: objectType(z, 'billing_portal.session'),
      url: z.string().meta({
        title: 'URL',
        description: 'The short-lived portal link to send the customer to (it expires after a few minutes).',
      }),
      customer: z.string().meta({ title: 'Customer Id', description: 'The customer, cus_….' }),
      return_url: z
        .string()
        .nullable()
        .meta({ title: 'Return URL', description: 'Where the portal’s back link leads, or null.' }),
      created: unixTime(z, 'Created', 'When it was created'),
      livemode: livemode(z),
    })
    .meta(resultView({ view: 'record' }));

/** A customer portal session. */
export type StripeBillingPortalSession = z.output<ReturnType<typeof billingPortalSessionSchema>>;
