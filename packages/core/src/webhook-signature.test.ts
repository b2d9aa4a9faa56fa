import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignatureError } from './errors/signature-error.js';
import { headerValue, signTimestamped, verifyTimestamped } from './webhook-signature.js';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"customer.created"}';
const now = 1_800_000_000;

function refusal(run: () => unknown): SignatureError {
  try {
    run();
  } catch (error) {
    if (SignatureError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('signTimestamped / verifyTimestamped', () => {
  it('signs HMAC-SHA256 over "<t>.<body>" and accepts its own signature', () => {
    const header = signTimestamped(secret, body, now);
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(header).toBe(`t=${now},v1=${expected}`);
    expect(verifyTimestamped({ header, rawBody: Buffer.from(body), secret, now })).toBe(now);
  });

  it('accepts any of several v1 values (a secret roll)', () => {
    const good = signTimestamped(secret, body, now).split('v1=')[1];
    const header = `t=${now},v1=${'0'.repeat(64)},v0=abc,v1=${good}`;
    expect(verifyTimestamped({ header, rawBody: body, secret, now })).toBe(now);
  });

  it('refuses a tampered body, a forged signature, another secret and a missing header', () => {
    const header = signTimestamped(secret, body, now);
    expect(
      refusal(() => verifyTimestamped({ header, rawBody: body.replace('1', '2'), secret, now })).reason,
    ).toBe('mismatch');
    expect(
      refusal(() => verifyTimestamped({ header, rawBody: body, secret: 'whsec_other', now })).reason,
    ).toBe('mismatch');
    expect(
      refusal(() => verifyTimestamped({ header: `t=${now},v1=deadbeef`, rawBody: body, secret, now })).reason,
    ).toBe('mismatch');
    expect(refusal(() => verifyTimestamped({ header: undefined, rawBody: body, secret, now })).reason).toBe(
      'missing',
    );
    expect(
      refusal(() => verifyTimestamped({ header: `v1=${'a'.repeat(64)}`, rawBody: body, secret, now })).reason,
    ).toBe('malformed');
  });

  it('refuses a replay outside the tolerance, even correctly signed', () => {
    const old = signTimestamped(secret, body, now - 301);
    expect(refusal(() => verifyTimestamped({ header: old, rawBody: body, secret, now })).reason).toBe(
      'stale',
    );
    const future = signTimestamped(secret, body, now + 301);
    expect(refusal(() => verifyTimestamped({ header: future, rawBody: body, secret, now })).reason).toBe(
      'stale',
    );
    expect(
      verifyTimestamped({ header: signTimestamped(secret, body, now - 300), rawBody: body, secret, now }),
    ).toBe(now - 300);
  });

  it('does not let a timestamp edit keep the signature valid', () => {
    const header = signTimestamped(secret, body, now - 1000).replace(`t=${now - 1000}`, `t=${now}`);
    expect(refusal(() => verifyTimestamped({ header, rawBody: body, secret, now })).reason).toBe('mismatch');
  });
});

describe('headerValue', () => {
  it('finds a header whatever its case, first of repeated values', () => {
    expect(headerValue({ 'Stripe-Signature': 'a' }, 'stripe-signature')).toBe('a');
    expect(headerValue({ 'x-a': ['1', '2'] }, 'X-A')).toBe('1');
    expect(headerValue({}, 'x')).toBeUndefined();
  });
});
