import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contractsDir, readJsonContract } from '@c/core/testing';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildPrice } from '../resources/prices.js';
import { buildProduct } from '../resources/product-object.js';
import { buildSubscription } from '../resources/subscription-objects.js';
import { decodeStripeParams } from '../stripe-params.js';
import { renderForVersion } from '../stripe-versions.js';
import { loadStripeContract, type StripeApiSchema } from './stripe-contract.js';
import { deriveStripeSchema, STRIPE_SCHEMA_FILE } from './stripe-schema-derive.js';

const file = fileURLToPath(new URL(`./${STRIPE_SCHEMA_FILE}`, import.meta.url));
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the Stripe contract derived from stripe-node’s types', () => {
  it('is exactly what the installed stripe package derives (STRIPE_SCHEMA_WRITE=1 rewrites it)', () => {
    const schema = deriveStripeSchema();
    expect(schema.apiVersion).toBe('2026-10-28.endive');
    expect(schema.source.version).toBe('23.1.0');
    const derived = `${JSON.stringify(schema, null, 1)}\n`;
    if (process.env.STRIPE_SCHEMA_WRITE) writeFileSync(file, derived);
    // Hashes, not the 400 KB texts: a stale file is named, not printed.
    expect(sha(readFileSync(file, 'utf8')), `${STRIPE_SCHEMA_FILE} is stale`).toBe(sha(derived));
  }, 60_000);

  it.skipIf(!contractsDir())(
    'accepts Stripe’s own current fixtures, but for the fields stripe-node added since they were taken',
    () => {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as StripeApiSchema;
      // Fixtures embed objects the simulator never returns (an expanded account): accept any there.
      const relaxed = JSON.parse(
        JSON.stringify(schema.$defs).replaceAll(/\{"not":\{\},"description":"[^"]*"\}/g, '{}'),
      );
      const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
      ajv.addSchema({ $id: 'stripe', $defs: relaxed });
      const fixtures = readJsonContract<{ resources: Record<string, unknown> }>(
        'stripe/fixtures3.latest.json',
      ).resources;
      const mismatches: string[] = [];
      for (const [resource, name] of Object.entries({
        balance: 'Balance',
        balance_transaction: 'BalanceTransaction',
        coupon: 'Coupon',
        customer: 'Customer',
        deleted_customer: 'DeletedCustomer',
        discount: 'Discount',
        invoice: 'Invoice',
        line_item: 'InvoiceLineItem',
        payment_method: 'PaymentMethod',
        plan: 'Plan',
        price: 'Price',
        product: 'Product',
        subscription: 'Subscription',
        subscription_item: 'SubscriptionItem',
      })) {
        const validate = ajv.compile({ $ref: `stripe#/$defs/${name}` });
        if (validate(fixtures[resource])) continue;
        for (const error of validate.errors ?? []) {
          if (error.keyword === 'anyOf' || error.keyword === 'type') continue;
          const field = error.params.missingProperty ?? error.params.additionalProperty ?? '';
          mismatches.push(`${resource}${error.instancePath} ${error.keyword} ${field}`.trim());
        }
      }
      // Each one is in stripe-node's CHANGELOG after the fixtures' snapshot (2026-07-29), or is a
      // field basil removed that the fixtures still carry.
      expect(mismatches.sort()).toEqual([
        'invoice additionalProperties subscription',
        'product required tax_details',
        'subscription/cancellation_details required feedback_option',
        'subscription/items/data/0 required current_trial',
        'subscription/pending_update required cancel_at_period_end',
        'subscription/trial_settings/end_behavior required billing_cycle_anchor',
        'subscription_item required current_trial',
      ]);
    },
  );

  it('refuses the 2023 shapes where the current version differs', async () => {
    const contract = await loadStripeContract();
    const price = buildPrice({
      id: 'price_1',
      created: 1,
      product: 'prod_1',
      currency: 'usd',
      unitAmount: 900,
      recurring: { interval: 'month', intervalCount: 1 },
    });
    const current = buildSubscription({ id: 'sub_1', created: 1, customer: 'cus_1', items: [{ price }] });
    expect(contract.checkResponse('GET', '/v1/subscriptions/sub_1', 200, current)).toBeUndefined();
    const legacy = renderForVersion(current, '2023-08-16');
    expect(contract.checkResponse('GET', '/v1/subscriptions/sub_1', 200, legacy)).toMatch(
      /: \/ must NOT have additional properties \(current_period_start\)$/,
    );
    const product = buildProduct({ id: 'prod_1', created: 1, name: 'Pro' });
    expect(contract.checkResponse('GET', '/v1/products/prod_1', 200, product)).toBeUndefined();
    const { marketing_features: _features, ...older } = product;
    expect(contract.checkResponse('GET', '/v1/products/prod_1', 200, older)).toMatch(
      /: \/ must have required property 'marketing_features'$/,
    );
    expect(contract.checkResponse('GET', '/v1/products/prod_1', 200, { ...product, features: [] })).toMatch(
      /: \/ must NOT have additional properties \(features\)$/,
    );
  });

  it('reads a one-item list, or "" to clear, where a parameter is Emptyable<list> (form-encoded)', async () => {
    const contract = await loadStripeContract();
    const update = contract.find('POST', '/v1/subscriptions/sub_1');
    const cancel = contract.find('DELETE', '/v1/subscriptions/sub_1');
    if (!update || !cancel) throw new Error('no subscription operations');
    const form = (text: string) => decodeStripeParams(new URLSearchParams(text));
    expect(contract.checkParams(update, form('discounts[0][coupon]=SPRING'))).toBeUndefined();
    expect(
      contract.checkParams(update, form('discounts[0][coupon]=A&discounts[1][coupon]=B')),
    ).toBeUndefined();
    expect(contract.checkParams(update, form('discounts='))).toBeUndefined();
    expect(contract.checkParams(update, form('discounts[0][colour]=red'))).toMatchObject({
      code: 'parameter_unknown',
      param: 'discounts[0][colour]',
    });
    const reasons = 'cancellation_details[comment]=Too+pricey&cancellation_details[feedback]=too_expensive';
    expect(contract.checkParams(cancel, form(`${reasons}&invoice_now=true&prorate=false`))).toBeUndefined();
  });
});
