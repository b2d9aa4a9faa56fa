// Disputes against the Stripe simulator over loopback: the seeded ones and one opened by Stripe's
// test card pm_card_createDispute; evidence saved, then submitted once (under_review); a dispute
// closed as lost; evidence and a second close refused once no response is due.
import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { paymentsSimulator, SEED_IDS } from '../testing/index.js';
import { expectOutput, formPairs, stripeHarness } from '../testing/stripe-test-helpers.js';
import { closeDispute } from './close-dispute.js';
import { getDispute } from './get-dispute.js';
import { listDisputes } from './list-disputes.js';
import { updateDispute } from './update-dispute.js';

const h = useSimulator(paymentsSimulator, stripeHarness({ seed: true }));
const { disputes } = SEED_IDS;

describe('listDisputes, getDispute', () => {
  it('lists the seeded disputes newest first, by charge, and reads one with its charge expanded', async () => {
    const all = await h.client.run('listDisputes', {});
    expect(all.data.map((dispute) => [dispute.id, dispute.status])).toEqual([
      [disputes.adaFraud, 'needs_response'],
      [disputes.graceNotReceived, 'under_review'],
    ]);
    expectOutput(listDisputes, all);
    const charge = all.data[0]?.charge as string;
    const mine = await h.client.run('listDisputes', { chargeId: charge, limit: 1 });
    const query = h.sim.server.calls.at(-1)?.query;
    expect([query?.get('charge'), query?.get('limit')]).toEqual([charge, '1']);
    expect(mine.data.map((dispute) => dispute.id)).toEqual([disputes.adaFraud]);
    const one = await h.client.run('getDispute', { disputeId: disputes.adaFraud, expand: ['charge'] });
    expect(one).toMatchObject({ amount: 4900, reason: 'fraudulent', charge: { id: charge, disputed: true } });
    expect(getDispute.annotations).toMatchObject({ readOnly: true });
    const missing = await failure(h.client.run('getDispute', { disputeId: 'du_Nope' }));
    expect(missing.kind).toBe('not_found');
  });
});

describe('updateDispute, closeDispute', () => {
  it('saves evidence, submits it once, and refuses more evidence or a close while under review', async () => {
    await h.client.run('createPaymentIntent', {
      amount: 2500,
      currency: 'usd',
      paymentMethodTypes: ['card'],
      paymentMethod: 'pm_card_createDispute',
      confirm: true,
    });
    const [opened] = (await h.client.run('listDisputes', { limit: 1 })).data;
    expect(opened).toMatchObject({ status: 'needs_response', amount: 2500 });
    const disputeId = opened?.id as string;
    const saved = await h.client.run('updateDispute', {
      disputeId,
      evidence: { product_description: 'Sticker pack', customer_name: 'Ada' },
      metadata: { case: 'C-1' },
    });
    expect(formPairs(h.sim.server.calls.at(-1))).toEqual([
      ['evidence[product_description]', 'Sticker pack'],
      ['evidence[customer_name]', 'Ada'],
      ['metadata[case]', 'C-1'],
    ]);
    expect(saved).toMatchObject({ status: 'needs_response', evidence_details: { has_evidence: true } });
    expectOutput(updateDispute, saved);
    const submitted = await h.client.run('updateDispute', { disputeId, submit: true });
    expect(submitted).toMatchObject({
      status: 'under_review',
      evidence: { product_description: 'Sticker pack' },
      evidence_details: { submission_count: 1 },
    });
    const late = await failure(
      h.client.run('updateDispute', { disputeId, evidence: { uncategorized_text: 'More' } }),
    );
    expect(late).toMatchObject({ kind: 'provider', status: 400 });
    expect(late.message).toContain('under_review');
    const notDue = await failure(h.client.run('closeDispute', { disputeId }));
    expect(notDue.status).toBe(400);
    const relabeled = await h.client.run('updateDispute', { disputeId, metadata: { case: 'C-2' } });
    expect(relabeled.metadata).toEqual({ case: 'C-2' });
    expect(updateDispute.annotations).toMatchObject({ idempotent: false, destructive: false });
  });

  it('closes a dispute as lost, then refuses its evidence and a second close', async () => {
    const closed = await h.client.run('closeDispute', { disputeId: disputes.adaFraud });
    expect(h.sim.server.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/disputes/${disputes.adaFraud}/close`,
    });
    expect(closed.status).toBe('lost');
    expectOutput(closeDispute, closed);
    expect(closeDispute.annotations).toMatchObject({ destructive: true });
    const evidence = await failure(
      h.client.run('updateDispute', {
        disputeId: disputes.adaFraud,
        evidence: { uncategorized_text: 'Too late' },
      }),
    );
    expect(evidence.message).toContain('status: lost');
    const again = await failure(h.client.run('closeDispute', { disputeId: disputes.adaFraud }));
    expect(again.status).toBe(400);
    const types = h.sim.state.events.list().map((event) => event.type);
    expect(types[0]).toBe('charge.dispute.closed');
  });

  it('refuses bad input before sending, and a dry run sends nothing', async () => {
    const sent = h.sim.server.calls.length;
    const cases: [string, Record<string, unknown>, string][] = [
      ['getDispute', { disputeId: 'ch_123' }, 'disputeId'],
      ['updateDispute', { disputeId: disputes.adaFraud, evidence: { 'Bad Key': 'x' } }, 'evidence.Bad Key'],
      ['updateDispute', { disputeId: disputes.adaFraud, submit: 'yes' }, 'submit'],
      ['listDisputes', { chargeId: 'cus_1' }, 'chargeId'],
    ];
    for (const [command, input, parameter] of cases) {
      const error = await failure(h.client.run(command as 'getDispute', input as never));
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    const dry = await h.client.run(
      'closeDispute',
      { disputeId: disputes.adaFraud },
      { dryRun: true, idempotencyKey: 'dispute-1' },
    );
    expect(dry).toMatchObject({
      dryRun: true,
      requests: [{ method: 'POST', headers: { 'idempotency-key': 'dispute-1' } }],
    });
    expect(h.sim.server.calls).toHaveLength(sent);
  });
});
