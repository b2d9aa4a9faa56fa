// Invoice commands against the Stripe simulator over loopback: items, drafts, the status machine
// (finalize, send, pay, void, mark uncollectible, delete) and each of Stripe's refusals.
import { ProviderError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import type { PaymentsClient } from '../payments-connector.js';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { createInvoice } from './create-invoice.js';
import { createInvoiceItem } from './create-invoice-item.js';
import { deleteDraftInvoice } from './delete-draft-invoice.js';
import { finalizeInvoice } from './finalize-invoice.js';
import { getInvoice } from './get-invoice.js';
import { listInvoiceLines } from './list-invoice-lines.js';
import { listInvoices } from './list-invoices.js';
import { markInvoiceUncollectible } from './mark-invoice-uncollectible.js';
import { payInvoice } from './pay-invoice.js';
import { previewInvoice } from './preview-invoice.js';
import { sendInvoice } from './send-invoice.js';
import { voidInvoice } from './void-invoice.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));

/** A customer whose default payment method is the given test card. */
async function payingCustomer(client: PaymentsClient, card = 'pm_card_visa') {
  const customer = await client.run('createCustomer', { email: 'billed@example.com' });
  const method = await client.run('attachPaymentMethod', { paymentMethodId: card, customerId: customer.id });
  await client.run('customAction', {
    method: 'POST',
    path: `/v1/customers/${customer.id}`,
    body: { invoice_settings: { default_payment_method: method.id } },
  });
  return customer;
}

/** An open invoice of `amount` cents for the customer. */
async function openInvoice(client: PaymentsClient, customerId: string, amount = 1200) {
  const draft = await client.run('createInvoice', { customerId });
  await client.run('createInvoiceItem', { customerId, invoiceId: draft.id, amount, currency: 'usd' });
  return client.run('finalizeInvoice', { invoiceId: draft.id });
}

describe('createInvoiceItem, createInvoice, previewInvoice, listInvoiceLines', () => {
  it('bills pending items on a new draft, by price or by amount, and previews the next invoice', async () => {
    const customer = await h.client.run('createCustomer', {});
    const item = await h.client.run('createInvoiceItem', {
      customerId: customer.id,
      price: SEED_IDS.prices.proMonthly,
      quantity: 2,
      description: 'Two seats',
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['customer', customer.id],
      ['pricing[price]', SEED_IDS.prices.proMonthly],
      ['quantity', '2'],
      ['description', 'Two seats'],
    ]);
    expect(item).toMatchObject({ object: 'invoiceitem', invoice: null, quantity: 2 });
    expectOutput(createInvoiceItem, item);
    const preview = await h.client.run('previewInvoice', { customerId: customer.id });
    expect(preview.amount_due).toBe(item.amount);
    expect(preview.id).toMatch(/^upcoming_in_/);
    expectOutput(previewInvoice, preview);
    const draft = await h.client.run('createInvoice', {
      customerId: customer.id,
      description: 'June',
      metadata: { po: '12' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toContainEqual([
      'pending_invoice_items_behavior',
      'include',
    ]);
    expect(draft).toMatchObject({ status: 'draft', amount_due: item.amount, description: 'June' });
    expectOutput(createInvoice, draft);
    await h.client.run('createInvoiceItem', {
      customerId: customer.id,
      invoiceId: draft.id,
      amount: 500,
      currency: 'USD',
    });
    const lines = await h.client.run('listInvoiceLines', { invoiceId: draft.id, limit: 1 });
    expect(lines).toMatchObject({ has_more: true });
    expectOutput(listInvoiceLines, lines);
    const all = await h.client.run('listInvoiceLines', { invoiceId: draft.id });
    expect(all.data.map((line) => line.amount)).toEqual([item.amount, 500]);
  });

  it('refuses what Stripe and the schema refuse', async () => {
    const customer = await h.client.run('createCustomer', {});
    const neither = await failure(h.client.run('createInvoiceItem', { customerId: customer.id }));
    expect(ValidationError.isInstance(neither)).toBe(true);
    expect(neither.parameter).toBe('price');
    const days = await failure(
      h.client.run('createInvoice', { customerId: customer.id, collectionMethod: 'send_invoice' }),
    );
    expect(days.parameter).toBe('daysUntilDue');
    const open = await openInvoice(h.client, customer.id);
    const closed = await failure(
      h.client.run('createInvoiceItem', {
        customerId: customer.id,
        invoiceId: open.id,
        amount: 1,
        currency: 'usd',
      }),
    );
    expect(closed.providerCode).toBe('invoice_not_editable');
    const nobody = await failure(h.client.run('createInvoice', { customerId: 'cus_missing' }));
    expect(nobody.providerCode).toBe('resource_missing');
  });
});

describe('finalizeInvoice, payInvoice, sendInvoice, voidInvoice, markInvoiceUncollectible, deleteDraftInvoice', () => {
  it('finalizes and collects with the default card, and refuses a second finalize and a void after payment', async () => {
    const customer = await payingCustomer(h.client);
    const open = await openInvoice(h.client, customer.id);
    expect(open).toMatchObject({ status: 'open', amount_due: 1200 });
    expect(open.number).toMatch(/-0001$/);
    expectOutput(finalizeInvoice, open);
    const again = await failure(h.client.run('finalizeInvoice', { invoiceId: open.id }));
    expect(again.providerCode).toBe('invoice_not_editable');
    const paid = await h.client.run('payInvoice', { invoiceId: open.id });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1200, amount_remaining: 0 });
    expectOutput(payInvoice, paid);
    const late = await failure(h.client.run('voidInvoice', { invoiceId: open.id }));
    expect(late.providerCode).toBe('status_transition_invalid');
    const types = h.sim.state.events.list().map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded']),
    );
  });

  it('answers a declined card with Stripe’s 402 and counts the attempt', async () => {
    const customer = await payingCustomer(h.client, 'pm_card_chargeDeclined');
    const open = await openInvoice(h.client, customer.id);
    const error = await failure(h.client.run('payInvoice', { invoiceId: open.id }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(402);
    expect(h.sim.state.invoices.get(open.id)).toMatchObject({ status: 'open', attempt_count: 1 });
    const outside = await h.client.run('payInvoice', { invoiceId: open.id, paidOutOfBand: true });
    expect(outside.status).toBe('paid');
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([['paid_out_of_band', 'true']]);
  });

  it('sends, writes off and voids; deletes only drafts', async () => {
    const customer = await h.client.run('createCustomer', {});
    const open = await openInvoice(h.client, customer.id);
    const sent = await h.client.run('sendInvoice', { invoiceId: open.id });
    expect(sent.status).toBe('open');
    expectOutput(sendInvoice, sent);
    const lost = await h.client.run('markInvoiceUncollectible', { invoiceId: open.id });
    expect(lost.status).toBe('uncollectible');
    expectOutput(markInvoiceUncollectible, lost);
    const twice = await failure(h.client.run('markInvoiceUncollectible', { invoiceId: open.id }));
    expect(twice.providerCode).toBe('status_transition_invalid');
    const voided = await h.client.run('voidInvoice', { invoiceId: open.id });
    expect(voided.status).toBe('void');
    expectOutput(voidInvoice, voided);
    const notDraft = await failure(h.client.run('deleteDraftInvoice', { invoiceId: open.id }));
    expect(notDraft.providerCode).toBe('invoice_not_editable');
    const draft = await h.client.run('createInvoice', { customerId: customer.id });
    const unsent = await failure(h.client.run('sendInvoice', { invoiceId: draft.id }));
    expect(unsent.providerCode).toBe('status_transition_invalid');
    const deleted = await h.client.run('deleteDraftInvoice', { invoiceId: draft.id });
    expect(deleted).toEqual({ id: draft.id, object: 'invoice', deleted: true });
    expectOutput(deleteDraftInvoice, deleted);
    expect(h.sim.server.calls.at(-1)?.method).toBe('DELETE');
    for (const command of [payInvoice, voidInvoice, markInvoiceUncollectible, deleteDraftInvoice]) {
      expect(command.annotations.destructive, command.key).toBe(true);
    }
  });
});

describe('getInvoice, listInvoices', () => {
  it('reads one with its customer expanded and lists by customer and status, resumably', async () => {
    const customer = await h.client.run('createCustomer', { email: 'list@example.com' });
    const first = await openInvoice(h.client, customer.id, 100);
    const second = await openInvoice(h.client, customer.id, 200);
    await h.client.run('createInvoice', { customerId: customer.id });
    const read = await h.client.run('getInvoice', { invoiceId: first.id, expand: ['customer'] });
    expect(read.customer).toMatchObject({ id: customer.id, email: 'list@example.com' });
    expectOutput(getInvoice, read);
    const open = await h.client.run('listInvoices', { customerId: customer.id, status: 'open', limit: 1 });
    expect(open.data.map((invoice) => invoice.id)).toEqual([second.id]);
    expect(open.next_starting_after).toBe(second.id);
    expectOutput(listInvoices, open);
    const rest = await h.client.run('listInvoices', {
      customerId: customer.id,
      status: 'open',
      startingAfter: open.next_starting_after as string,
    });
    expect(rest.data.map((invoice) => invoice.id)).toEqual([first.id]);
    const missing = await failure(h.client.run('getInvoice', { invoiceId: 'in_missing' }));
    expect(missing.kind).toBe('not_found');
  });
});
