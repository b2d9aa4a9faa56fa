import {
  AuthError,
  type ErrorResponse,
  NotFoundError,
  PermissionError,
  ProviderError,
  RateLimitError,
} from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { parseStripeError, stripeShouldRetry } from './payments-client.js';
import { paymentsSimulator } from './testing/index.js';
import { stripeHarness } from './testing/stripe-test-helpers.js';

const response = (status: number, error: unknown, headers: Record<string, string> = {}): ErrorResponse => ({
  status,
  headers,
  body: error === undefined ? 'Bad gateway' : { error },
  requestId: 'req_123',
  request: { method: 'POST', path: '/v1/customers' },
});

describe('parseStripeError', () => {
  it('maps a declined card (402) to a ProviderError with Stripe’s code and decline code', () => {
    const error = parseStripeError(
      response(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        param: 'source',
        message: 'Your card has insufficient funds.',
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 402,
      providerCode: 'card_declined',
      providerMessage: 'Your card has insufficient funds.',
      requestId: 'req_123',
      retryable: false,
      details: { type: 'card_error', param: 'source', declineCode: 'insufficient_funds' },
    });
    expect(error?.message).toBe(
      'Stripe declined the request (402): Your card has insufficient funds. (parameter source)',
    );
  });

  it('maps a refused parameter (400) to a ProviderError carrying the parameter', () => {
    const error = parseStripeError(
      response(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: 'foo',
        message: 'Received unknown parameter: foo',
      }),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 400,
      providerCode: 'parameter_unknown',
      details: { param: 'foo' },
    });
    expect(error?.retryable).toBe(false);
  });

  it('maps idempotency errors: a mismatch is final, a key still in use (409) may be retried', () => {
    const mismatch = parseStripeError(response(400, { type: 'idempotency_error', message: 'Keys for…' }));
    expect(mismatch).toMatchObject({ providerCode: 'idempotency_error', retryable: false });
    const inUse = parseStripeError(
      response(409, { type: 'idempotency_error', code: 'idempotency_key_in_use', message: 'in progress' }),
    );
    expect(inUse).toMatchObject({ providerCode: 'idempotency_key_in_use', retryable: true });
  });

  it.each([
    [401, AuthError],
    [403, PermissionError],
    [404, NotFoundError],
    [429, RateLimitError],
  ])('takes the class of a %i from its status', (status, kind) => {
    const error = parseStripeError(
      response(
        status,
        { type: 'invalid_request_error', code: 'some_code', message: 'said' },
        { 'retry-after': '2' },
      ),
    );
    expect(kind.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status,
      providerCode: 'some_code',
      providerMessage: 'said',
      requestId: 'req_123',
    });
    if (status === 429) expect((error as RateLimitError).retryAfterMs).toBe(2000);
  });

  it('maps 5xx to a retryable ProviderError, and leaves non-Stripe bodies to the status default', () => {
    expect(parseStripeError(response(500, { type: 'api_error', message: 'oops' }))).toMatchObject({
      status: 500,
      providerCode: 'api_error',
      retryable: true,
    });
    expect(parseStripeError(response(502, undefined))).toBeUndefined();
  });

  it('reads Stripe-Should-Retry', () => {
    expect(stripeShouldRetry({ headers: { 'stripe-should-retry': 'true' } })).toBe(true);
    expect(stripeShouldRetry({ headers: { 'stripe-should-retry': 'false' } })).toBe(false);
    expect(stripeShouldRetry({ headers: {} })).toBeUndefined();
  });
});

const h = useSimulator(
  paymentsSimulator,
  stripeHarness({
    restrictedKeys: { rk_test_ReadCustomersOnly123: { customers: 'read' } },
  }),
);

describe('the Stripe client over the wire', () => {
  it('maps a restricted key without write permission to a PermissionError', async () => {
    const client = h.connect({ apiKey: 'rk_test_ReadCustomersOnly123' });
    await expect(client.run('getCustomers', {})).resolves.toMatchObject({ object: 'list' });
    const error = await failure(client.run('createCustomer', { name: 'x' }));
    expect(PermissionError.isInstance(error)).toBe(true);
    expect(error.status).toBe(403);
    expect(error.message).not.toContain('rk_test_ReadCustomersOnly123');
    expect(h.sim.server.calls).toHaveLength(2);
  });

  it('retries a refusal that Stripe marks Stripe-Should-Retry: true, with the same key', async () => {
    h.sim.server.fault({
      type: 'status',
      status: 400,
      headers: { 'content-type': 'application/json', 'stripe-should-retry': 'true' },
      body: JSON.stringify({
        error: { type: 'invalid_request_error', code: 'lock_timeout', message: 'locked' },
      }),
    });
    const customer = await h.client.run('createCustomer', { name: 'Locked once' });
    expect(customer.name).toBe('Locked once');
    const calls = h.sim.server.calls;
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
  });

  it('turns a 200 that is not a list into a ProviderError for every list command', async () => {
    h.sim.server.fault({
      type: 'status',
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: 'maintenance page',
      times: 4,
    });
    for (const [command, input] of [
      ['getCustomers', {}],
      ['getProducts', {}],
      ['getPlans', {}],
      ['getBalanceTransactions', {}],
    ] as const) {
      const error = await failure(h.client.runUnknown(command, input));
      expect(ProviderError.isInstance(error), command).toBe(true);
      expect(error).toMatchObject({ providerCode: 'unexpected_response', status: 200, retryable: false });
    }
  });

  it('does not retry a plain 400', async () => {
    h.sim.server.fault({
      type: 'status',
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: { type: 'invalid_request_error', message: 'no' } }),
    });
    const error = await failure(h.client.run('createCustomer', { name: 'x' }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(h.sim.server.calls).toHaveLength(1);
  });
});
