import { defineCommand, defineCustomAction, type FormValue, flattenForm, guardPath } from '@c/core';
import type { PaymentsContext } from '../payments-client.js';
import { type CustomActionResult, customActionSchema } from '../schemas/custom-action.js';

const description =
  'Calls any Stripe API endpoint: under /v1/ with form-encoded bodies (brackets for nesting), e.g. GET /v1/events or POST /v1/coupons with percent_off and duration; under /v2/ with JSON bodies, e.g. POST /v2/core/event_destinations. The connection’s key, Stripe-Version and retries apply; a POST carries an Idempotency-Key (the caller’s own, when given in headers).';
const pathDescription =
  'The endpoint path, starting with /v1/ (e.g. /v1/events, /v1/coupons) or /v2/ (e.g. /v2/core/event_destinations).';

/** Stripe's v1 APIs: form-encoded bodies, bracketed query strings. */
const v1 = defineCustomAction<PaymentsContext>({
  apis: { default: ['/v1/'] },
  defaultApi: 'default',
  bodyEncoding: 'form',
  description,
  pathDescription,
});

/** Stripe's v2 APIs: JSON bodies. */
const v2 = defineCustomAction<PaymentsContext>({
  apis: { default: ['/v2/'] },
  defaultApi: 'default',
  bodyEncoding: 'json',
  description,
  pathDescription,
});

/** The parameters both share; only the allowed prefixes differ. */
const either = defineCustomAction<PaymentsContext>({
  apis: { default: ['/v1/', '/v2/'] },
  defaultApi: 'default',
  bodyEncoding: 'form',
  description,
  pathDescription,
});

/**
 * Calls any Stripe endpoint with the connection's key, version and retries: a `/v1/` path with a
 * form-encoded body, a `/v2/` path with a JSON body, chosen by the path (after the same guard). Both
 * take query strings in Stripe's bracket encoding (`include[0]=…`), as the official client sends them.
 */
export const customAction = defineCommand({
  key: 'customAction',
  title: either.title,
  description,
  input: () => either.input,
  output: customActionSchema,
  annotations: either.annotations,
  async run(input, ctx: PaymentsContext, options): Promise<CustomActionResult> {
    const { path } = guardPath(input.path as string, ['/v1/', '/v2/']);
    // Stripe answers JSON objects; core's shaping turns text and bytes into objects too.
    if (!path.startsWith('/v2/')) return (await v1.run(input, ctx, options)) as CustomActionResult;
    // A JSON API sends plain query names; flattened beforehand, v2 queries keep v1's brackets.
    const query = input.query as Record<string, FormValue> | undefined;
    const answer = await v2.run(
      { ...input, query: query && Object.fromEntries(flattenForm(query)) },
      ctx,
      options,
    );
    return answer as CustomActionResult;
  },
});
