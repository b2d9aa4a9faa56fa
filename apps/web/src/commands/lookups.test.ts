import { describe, expect, it } from 'vitest';
import fixtures from '../test/__fixtures__/commands.json';
import type { CommandLookup } from '../types';
import { filterOptions, lookupFor, lookupSpecOf, rememberLookups } from './lookups';

// The lookups as the host sends them: declared by the connectors (the fixture holds their detail).
const declared = fixtures as Record<string, { lookups?: Record<string, CommandLookup> }>;
const lookupOf = (command: string, parameter: string) => {
  const lookup = declared[command]?.lookups?.[parameter];
  if (!lookup) throw new Error(`no lookup for ${command}.${parameter} in the fixture`);
  return lookupSpecOf(lookup);
};

describe('plan lookup', () => {
  it('offers recurring prices only, since a subscription refuses a one-time fee', () => {
    const spec = lookupOf('payments.createSubscription', 'plan');
    const request = spec.request('', {});
    expect(request).toEqual({
      command: 'payments.getPlans',
      input: { active: true, pagination: { limit: 100 } },
      items: 'data',
    });
    const options = spec.options(
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
          { id: 'price_Plain', unit_amount: 900, currency: 'eur', recurring: { interval: 'year' } },
          {
            id: 'price_SeedOnboardingFee',
            nickname: 'Onboarding',
            unit_amount: 5000,
            currency: 'usd',
            recurring: null,
          },
        ],
      },
      request!,
    );
    expect(options).toEqual([
      { value: 'price_Monthly', label: 'Pro monthly', detail: '12.00 USD per month' },
      { value: 'price_Plain', label: '9.00 EUR', detail: '9.00 EUR per year' },
    ]);
  });
});

describe('team lookup', () => {
  const spec = lookupOf('issues.createIssue', 'teamId');

  it('searches teams by the typed name, and lists the first teams when nothing is typed', () => {
    expect(spec.searchesRemotely).toBe(true);
    expect(spec.request('  design ', {})).toEqual({
      command: 'issues.searchTeams',
      input: { name: 'design' },
      items: 'nodes',
    });
    const empty = spec.request('', {});
    expect(empty).toMatchObject({ command: 'issues.customGraphqlAction', items: 'teams.nodes' });
    expect(empty?.input.query).toMatch(/teams\(first: 100\)/);
    const result = { teams: { nodes: [{ id: 't1', key: 'ENG', name: 'Engineering' }, { id: 't2' }] } };
    expect(spec.options(result, empty!)).toEqual([
      { value: 't1', label: 'Engineering', detail: 'ENG' },
      { value: 't2', label: 't2', detail: undefined },
    ]);
  });
});

describe('workflow state lookup', () => {
  const spec = lookupOf('issues.createIssue', 'statusId');

  it('waits for the team, then asks for that team’s states', () => {
    expect(spec.needs).toEqual(['teamId']);
    expect(spec.request('', {})).toBeUndefined();
    expect(spec.request('', { teamId: '' })).toBeUndefined();
    const request = spec.request('', { teamId: 'team-1' });
    expect(request).toMatchObject({
      command: 'issues.customGraphqlAction',
      input: { variables: { id: 'team-1' } },
      items: 'team.states.nodes',
    });
    expect(
      spec.options(
        { team: { id: 'team-1', states: { nodes: [{ id: 's1', name: 'Todo', type: 'unstarted' }] } } },
        request!,
      ),
    ).toEqual([{ value: 's1', label: 'Todo', detail: 'unstarted' }]);
    expect(spec.options({ team: null }, request!)).toEqual([]);
  });
});

describe('issue and customer lookups', () => {
  it('label an issue by identifier and title, with its state', () => {
    const spec = lookupOf('issues.deleteIssue', 'issueId');
    const request = spec.request('', {})!;
    expect(request.command).toBe('issues.searchIssues');
    expect(
      spec.options(
        { nodes: [{ id: 'i1', identifier: 'ENG-1', title: 'Fix it', state: { name: 'Done' } }] },
        request,
      ),
    ).toEqual([{ value: 'i1', label: 'ENG-1 Fix it', detail: 'Done' }]);
  });

  it('name a customer by name, else by email, and say whether it can be charged', () => {
    const spec = lookupOf('payments.getCustomerById', 'customerId');
    const request = spec.request('', {})!;
    expect(
      spec.options(
        {
          data: [
            { id: 'cus_1', object: 'customer', name: 'Ada', email: 'ada@example.com' },
            { id: 'cus_2', object: 'customer', name: null, email: 'grace@example.com' },
            { id: 'cus_3', object: 'customer' },
            {
              id: 'cus_4',
              object: 'customer',
              name: 'Alan',
              invoice_settings: { default_payment_method: 'pm_1' },
            },
          ],
        },
        request,
      ),
    ).toEqual([
      { value: 'cus_1', label: 'Ada', detail: 'ada@example.com · no payment method' },
      { value: 'cus_2', label: 'grace@example.com', detail: 'grace@example.com · no payment method' },
      { value: 'cus_3', label: 'cus_3', detail: 'customer with no payment method' },
      { value: 'cus_4', label: 'Alan', detail: 'pays with pm_1' },
    ]);
  });
});

describe('lookupFor', () => {
  it('knows only what a command detail declared, and gives the same spec each time', () => {
    expect(lookupFor('docs.fetchDocumentContent', 'documentId')).toBeUndefined();
    rememberLookups('docs.fetchDocumentContent', {
      documentId: {
        noun: 'documents',
        command: 'docs.searchDocuments',
        input: { name: '{query}' },
        items: 'files',
        value: 'id',
        label: ['name', 'id'],
        detail: ['{modifiedTime|date}'],
      },
    });
    const spec = lookupFor('docs.fetchDocumentContent', 'documentId');
    expect(spec).toBe(lookupFor('docs.fetchDocumentContent', 'documentId'));
    expect(lookupFor('docs.fetchDocumentContent', 'tabId')).toBeUndefined();
    const request = spec!.request('notes', {})!;
    expect(request.input).toEqual({ name: 'notes' });
    expect(
      spec!.options(
        { files: [{ id: 'd1', name: 'Notes', modifiedTime: '2026-11-08T15:00:00.000Z' }] },
        request,
      ),
    ).toEqual([{ value: 'd1', label: 'Notes', detail: '2026-11-08' }]);
  });
});

describe('filterOptions', () => {
  it('keeps the options holding every typed word', () => {
    const options = [
      { value: 't1', label: 'Engineering', detail: 'ENG' },
      { value: 't2', label: 'Design', detail: 'DES' },
    ];
    expect(filterOptions(options, 'eng')).toEqual([options[0]]);
    expect(filterOptions(options, '')).toEqual(options);
  });
});
