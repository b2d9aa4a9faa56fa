import { defineCustomAction } from '@c/core';
import type { PaymentsContext } from '../payments-client.js';

/**
 * Calls any Stripe endpoint under `/v1/` with the connection's key, form-encoded bodies and retries;
 * a POST carries an `Idempotency-Key` (the caller's own, when given in `headers`).
 */
export const customAction = defineCustomAction<PaymentsContext>({
  apis: { default: ['/v1/'] },
  defaultApi: 'default',
  bodyEncoding: 'form',
  description:
    'Calls any Stripe API endpoint under /v1/, e.g. GET /v1/events or POST /v1/coupons with percent_off and duration. Bodies are form-encoded with brackets for nesting.',
  pathDescription: 'The endpoint path, starting with /v1/, e.g. /v1/events or /v1/coupons.',
});
