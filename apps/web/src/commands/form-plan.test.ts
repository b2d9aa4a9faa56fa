import { beforeAll, describe, expect, it } from 'vitest';
import fixtures from '../test/__fixtures__/commands.json';
import { createMockTriggers } from '../test/mock-triggers';
import type { CommandLookup } from '../types';
import { dateCodec } from './date-codec';
import { dateFormatOf, enumLabelsOf, planForm, rangeDefault } from './form-plan';
import { rememberLookups } from './lookups';

const schemaOf = (id: string) =>
  (fixtures as Record<string, { inputSchema: Record<string, unknown> }>)[id]?.inputSchema ?? {};

describe('planForm', () => {
  // As fetching each command's detail does: its lookups decide which fields get one.
  beforeAll(() => {
    for (const [id, entry] of Object.entries(
      fixtures as Record<string, { lookups?: Record<string, CommandLookup> }>,
    )) {
      rememberLookups(id, entry.lookups);
    }
  });

  it('gives provider-object parameters a lookup, dates a picker, free-form objects a JSON editor', () => {
    const { uiSchema } = planForm('payments.createSubscription', schemaOf('payments.createSubscription'));
    expect(uiSchema.customerId).toEqual({
      'ui:widget': 'lookup',
      'ui:options': { lookup: 'customerId', acceptsJson: false },
    });
    expect(uiSchema.plan?.['ui:widget']).toBe('lookup');
    // A command whose detail declares no lookup for a parameter gets a plain field.
    expect(
      planForm('payments.getCustomers', schemaOf('payments.getCustomers')).uiSchema.email?.['ui:widget'],
    ).not.toBe('lookup');
    expect(uiSchema.metadata).toMatchObject({
      'ui:field': 'json',
      'ui:options': { acceptsString: false, shape: 'object' },
    });

    const counts = planForm('analytics.activeAndNewUserCounts', schemaOf('analytics.activeAndNewUserCounts'));
    expect(counts.uiSchema.start).toEqual({ 'ui:widget': 'date', 'ui:options': { dateFormat: 'ymd' } });
    expect(counts.uiSchema.metric).toEqual({ 'ui:enumNames': ['Active users', 'New users'] });
    expect(counts.schema.required).toEqual(['start', 'end']);
  });

  it('keeps a closed object as nested fields and a three-way select for an optional flag', () => {
    const { schema, uiSchema } = planForm('payments.getPlans', schemaOf('payments.getPlans'));
    expect(uiSchema.active).toEqual({ 'ui:widget': 'select', 'ui:placeholder': 'Not set' });
    expect(schema.properties?.pagination).toMatchObject({ type: 'object' });
    expect(uiSchema.pagination).toBeUndefined();
  });

  it('offers examples as suggestions, masks key parameters, and accepts a string where JSON may be one', () => {
    expect(
      planForm('payments.getBalanceTransactions', schemaOf('payments.getBalanceTransactions')).uiSchema.type,
    ).toMatchObject({
      'ui:widget': 'suggest',
      'ui:options': { suggestions: ['charge', 'refund', 'payout', 'adjustment', 'stripe_fee', 'transfer'] },
    });
    const send = planForm('analytics.sendEvents', schemaOf('analytics.sendEvents')).uiSchema;
    expect(send.apiKey).toEqual({ 'ui:widget': 'secret' });
    expect(send.events?.['ui:options']).toMatchObject({ shape: 'array' });
    const custom = planForm('docs.customAction', schemaOf('docs.customAction')).uiSchema;
    expect(custom.body?.['ui:options']).toMatchObject({ acceptsString: true });
    expect(custom.body?.['ui:fieldReplacesAnyOrOneOf']).toBe(true);
  });

  it('shows the titles of enum options in the select and keeps the wire values', () => {
    const interval = {
      type: 'string',
      enum: ['1', '7', '-300000'],
      oneOf: [
        { const: '1', title: 'Daily' },
        { const: '7', title: 'Weekly' },
        { const: '-300000', title: 'Real-time 5 min' },
      ],
      default: '1',
      title: 'Interval',
    };
    const { schema, uiSchema } = planForm('analytics.eventSegmentation', {
      type: 'object',
      properties: { interval, plain: { type: 'string', enum: ['a', 'b'] } },
    });
    expect(uiSchema.interval).toEqual({ 'ui:enumNames': ['Daily', 'Weekly', 'Real-time 5 min'] });
    expect(schema.properties?.interval).toEqual({
      type: 'string',
      enum: ['1', '7', '-300000'],
      default: '1',
      title: 'Interval',
    });
    expect(uiSchema.plain).toBeUndefined();
    expect(enumLabelsOf({ enum: ['1', '7'], oneOf: [{ const: '1', title: 'Daily' }] })).toBeUndefined();
  });

  it('nests an object with known fields, open to more or not, and lists its records item by item', () => {
    const { schema, uiSchema } = planForm(
      'analytics.eventSegmentation',
      schemaOf('analytics.eventSegmentation'),
    );
    const event = schema.properties?.event as Record<string, any>;
    // Not a JSON box: fields of their own, with the event's default kept for the form to start from.
    expect(uiSchema.event?.['ui:field']).toBeUndefined();
    expect(event).toMatchObject({ type: 'object', default: { event_type: '_active' } });
    expect(Object.keys(event.properties)).toEqual(['event_type', 'filters', 'group_by']);
    expect(event.properties.filters).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(uiSchema.event?.filters?.['ui:field']).toBeUndefined();
    // Inside a filter, the list of values (strings) is JSON, as every list of plain values is.
    expect(uiSchema.event?.filters?.items?.subprop_value).toMatchObject({
      'ui:field': 'json',
      'ui:options': { shape: 'array' },
    });
    expect(uiSchema.event2?.group_by?.['ui:field']).toBeUndefined();
    expect(uiSchema.groupBy).toMatchObject({ 'ui:field': 'json', 'ui:options': { shape: 'array' } });
    // Records that hold free-form objects (an event's properties) stay JSON as a whole.
    expect(
      planForm('analytics.sendEvents', schemaOf('analytics.sendEvents')).uiSchema.events?.['ui:field'],
    ).toBe('json');
    // A free-form record stays JSON.
    expect(
      planForm('issues.customGraphqlAction', schemaOf('issues.customGraphqlAction')).uiSchema.variables?.[
        'ui:field'
      ],
    ).toBe('json');
  });

  it('gives a filter whose connector declares its common fields a builder', () => {
    const { schema, uiSchema } = planForm('issues.searchIssues', schemaOf('issues.searchIssues'));
    expect(uiSchema.filter).toEqual({ 'ui:field': 'filter' });
    const filter = schema.properties?.filter as Record<string, unknown> | undefined;
    const declared = (filter?.['x-filter-fields'] ?? []) as { key: string }[];
    expect(declared.map((field) => field.key)).toEqual([
      'team',
      'stateType',
      'assignee',
      'assignedToMe',
      'priority',
      'label',
    ]);
    // Without the declaration, the same object is a JSON box.
    const plain = planForm('x.search', {
      type: 'object',
      properties: { filter: { type: 'object', additionalProperties: {} } },
    });
    expect(plain.uiSchema.filter?.['ui:field']).toBe('json');
  });

  it('offers the sandbox’s chart ids, declared as examples, as suggestions', () => {
    const { uiSchema } = planForm('analytics.getChartResults', schemaOf('analytics.getChartResults'));
    expect(uiSchema.chartId).toEqual({
      'ui:widget': 'suggest',
      'ui:options': { suggestions: ['sbx4k2m', 'sbx7dau'] },
    });
  });

  it('shows a list’s example, not an object’s, in an empty JSON box that wants a list (Docs Edits)', () => {
    // Docs Update's `edits`, as its JSON Schema says: a list of requests, or that list as text.
    const edits = { title: 'Edits', anyOf: [{ type: 'array', items: {} }, { type: 'string' }] };
    const { uiSchema } = planForm('docs.updateDocumentContent', {
      type: 'object',
      properties: { edits },
      required: ['edits'],
    });
    expect(uiSchema.edits).toMatchObject({
      'ui:field': 'json',
      'ui:options': { acceptsString: true, shape: 'array', placeholder: '[ … ]' },
    });
  });

  it('offers a list of strings with declared choices (a trigger’s event types) as a checklist', () => {
    const [stripe] = createMockTriggers().triggers;
    const { schema, uiSchema } = planForm('payments.event', stripe?.inputSchema ?? {});
    expect(uiSchema.events).toEqual({
      'ui:field': 'checklist',
      'ui:options': { choices: expect.arrayContaining(['*', 'customer.created', 'invoice.paid']) },
    });
    // The list itself is what the form validates: at least one type, each well formed.
    expect(schema.properties?.events).toMatchObject({ type: 'array', minItems: 1, title: 'Events' });
  });

  it('names nested fields that share a title by their parents’ titles, read from the paths alone', () => {
    const record = {
      type: 'object',
      properties: { key: { type: 'string', title: 'Key' }, note: { type: 'string', title: 'Note' } },
      required: ['key'],
    };
    const list = { type: 'array', title: 'Tags', items: record };
    const { uiSchema } = planForm('any.command', {
      type: 'object',
      properties: {
        tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
        source: {
          type: 'object',
          title: 'Source',
          properties: { name: { type: 'string', title: 'Name' }, tags: list },
        },
        target: {
          type: 'object',
          title: 'Target',
          properties: {
            name: { type: 'string', title: 'Name' },
            tags: list,
            inner: {
              type: 'object',
              title: 'Inner',
              properties: { name: { type: 'string', title: 'Name' } },
            },
          },
        },
        only: { type: 'string', title: 'Only' },
      },
    });
    expect(uiSchema.source?.name?.['ui:title']).toBe('Source › Name');
    expect(uiSchema.source?.tags?.['ui:title']).toBe('Source › Tags');
    expect(uiSchema.target?.name?.['ui:title']).toBe('Target › Name');
    expect(uiSchema.target?.tags?.['ui:title']).toBe('Target › Tags');
    expect(uiSchema.target?.inner?.name?.['ui:title']).toBe('Target › Inner › Name');
    // A top-level field keeps its own title, and so do titles that are not shared (list items' too).
    expect(uiSchema.tags?.['ui:title']).toBeUndefined();
    expect(uiSchema.only?.['ui:title']).toBeUndefined();
    expect(uiSchema.target?.inner?.['ui:title']).toBeUndefined();
    expect(uiSchema.source?.tags?.items?.key?.['ui:title']).toBeUndefined();
  });

  it('resolves local $refs', () => {
    const { uiSchema } = planForm('issues.createIssue', {
      type: 'object',
      $defs: { Id: { type: 'string', title: 'Team Id' } },
      properties: { teamId: { $ref: '#/$defs/Id' } },
    });
    expect(uiSchema.teamId?.['ui:widget']).toBe('lookup');
  });
});

describe('dates', () => {
  it('reads the format from words, pattern or format', () => {
    expect(dateFormatOf({ type: 'string', description: 'First hour, YYYYMMDDTHH (UTC)' })).toBe('ymdh');
    expect(dateFormatOf({ type: 'string', pattern: '^\\d{8}$' })).toBe('ymd');
    expect(dateFormatOf({ type: 'string', format: 'date' })).toBe('isoDate');
    expect(dateFormatOf({ type: 'integer', description: 'Unix seconds' })).toBe('unixSeconds');
    expect(dateFormatOf({ type: 'integer', description: 'How many' })).toBeUndefined();
    expect(dateFormatOf({ type: 'string', description: 'A name' })).toBeUndefined();
  });

  it('converts between wire formats and input values both ways', () => {
    expect(dateCodec.fromInput('ymd', '2026-11-04')).toBe('20261104');
    expect(dateCodec.toInput('ymd', '20261104')).toBe('2026-11-04');
    expect(dateCodec.fromInput('ymdh', '2026-11-04T07:30')).toBe('20261104T07');
    expect(dateCodec.toInput('ymdh', '20261104T07')).toBe('2026-11-04T07:00');
    expect(dateCodec.fromInput('isoDate', '2026-12-24')).toBe('2026-12-24');
    const seconds = dateCodec.fromInput('unixSeconds', '2026-11-04T07:30') as number;
    expect(dateCodec.toInput('unixSeconds', seconds)).toBe('2026-11-04T07:30');
    expect(dateCodec.fromInput('ymd', '')).toBeUndefined();
    expect(dateCodec.toInput('ymd', 'nonsense')).toBe('');
  });
});

describe('rangeDefault', () => {
  const now = new Date('2026-12-02T15:30:00.000Z');
  it("starts a required range as Amplitude's charts do: the last 30 days, or the last full day by the hour", () => {
    expect(rangeDefault('start', 'ymd', now)).toBe('20261103');
    expect(rangeDefault('end', 'ymd', now)).toBe('20261202');
    expect(rangeDefault('start', 'ymdh', now)).toBe('20261201T00');
    expect(rangeDefault('end', 'ymdh', now)).toBe('20261201T23');
    expect(rangeDefault('window.start', 'isoDate', now)).toBe('2026-11-03');
    expect(rangeDefault('createdAfter', 'ymd', now)).toBeUndefined();
    expect(rangeDefault('start', 'unixSeconds', now)).toBeUndefined();
  });

  it('fills only a required date without a default of its own', () => {
    const plan = planForm('analytics.activeAndNewUserCounts', {
      type: 'object',
      properties: {
        start: { type: 'string', pattern: '^\\d{8}$', description: 'First day, YYYYMMDD.' },
        end: { type: 'string', pattern: '^\\d{8}$', description: 'Last day, YYYYMMDD.' },
      },
      required: ['start'],
    });
    const properties = plan.schema.properties as Record<string, { default?: unknown }>;
    expect(properties.start?.default).toMatch(/^\d{8}$/);
    expect(properties.end?.default).toBeUndefined();
  });
});
