/** The fields of Stripe's `{error: {…}}` body that the simulator sets. */
export interface StripeErrorFields {
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  /** A card error's reason from the issuer (`generic_decline`, `insufficient_funds`). */
  decline_code?: string;
  /** The failed charge of a card error. */
  charge?: string;
  /** The payment intent a failed confirmation leaves behind, as Stripe puts it in the error. */
  payment_intent?: unknown;
}

/**
 * A refusal in Stripe's terms, thrown by a route. `saved` says whether the idempotency layer keeps it
 * for replay: Stripe saves the result of a request that ran, not a refusal of its parameters.
 */
export class StripeFailure extends Error {
  readonly status: number;
  readonly fields: StripeErrorFields;
  readonly saved: boolean;

  constructor(status: number, fields: StripeErrorFields, saved = true) {
    super(fields.message);
    this.status = status;
    this.fields = fields;
    this.saved = saved;
  }
}

/** Stripe's `invalid_request_error` (400 unless said otherwise). */
export function invalidRequest(
  message: string,
  more: { param?: string; code?: string; status?: number; saved?: boolean } = {},
): StripeFailure {
  return new StripeFailure(
    more.status ?? 400,
    {
      type: 'invalid_request_error',
      message,
      ...(more.code ? { code: more.code } : {}),
      ...(more.param ? { param: more.param } : {}),
    },
    more.saved ?? true,
  );
}

/** A parameter of the wrong kind: refused before the operation runs, so idempotency keeps nothing. */
export function invalidParam(message: string, param: string, code?: string): StripeFailure {
  return invalidRequest(message, { param, saved: false, ...(code ? { code } : {}) });
}

/** `Missing required param: x.` */
export function missingParam(param: string): StripeFailure {
  return invalidRequest(`Missing required param: ${param}.`, {
    param,
    code: 'parameter_missing',
    saved: false,
  });
}

/** `No such customer: 'cus_…'`: 404 for the object of the path, 400 for an object named by a parameter. */
export function noSuch(kind: string, id: string, param: string, status = 404): StripeFailure {
  return invalidRequest(`No such ${kind}: '${id}'`, { param, code: 'resource_missing', status });
}

/** Stripe's error body, with the doc and request-log links it carries. */
export function errorBody(failure: StripeFailure, requestId: string) {
  const { code } = failure.fields;
  return {
    error: {
      ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
      ...(failure.fields.charge ? { charge: failure.fields.charge } : {}),
      ...(failure.fields.decline_code ? { decline_code: failure.fields.decline_code } : {}),
      message: failure.fields.message,
      ...(failure.fields.param ? { param: failure.fields.param } : {}),
      ...(failure.fields.payment_intent ? { payment_intent: failure.fields.payment_intent } : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      type: failure.fields.type,
    },
  };
}
