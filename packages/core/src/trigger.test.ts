import { describe, expect, it } from 'vitest';
import { defineConnector } from './connector.js';
import { ERROR_KINDS } from './errors/connector-error.js';
import { SignatureError } from './errors/signature-error.js';
import { ValidationError } from './errors/validation-error.js';
import { defineTrigger } from './trigger.js';

const webhook = () =>
  defineTrigger({
    key: 'event',
    title: 'Event',
    description: 'Any event.',
    input: (z) =>
      z.object({ events: z.array(z.string()).min(1).describe('Event types').meta({ title: 'Events' }) }),
    output: (z) => z.object({ id: z.string().describe('The object id') }),
    kinds: ['webhook'],
    subscribe: async (_ctx, { hookUrl }) => ({ state: { url: hookUrl } }),
    unsubscribe: async () => {},
    verify: (request) => {
      if (request.headers['x-ok'] !== 'yes') throw new SignatureError('bad', { reason: 'mismatch' });
      return [{ id: 'evt_1', type: 'thing.created', occurredAt: '2026-01-01T00:00:00Z', data: { id: 'x' } }];
    },
  });

describe('defineTrigger', () => {
  it('validates filters strictly, naming the parameter', () => {
    const trigger = webhook();
    expect(trigger.parse({ events: ['a'] })).toEqual({ events: ['a'] });
    expect(() => trigger.parse({ events: [] })).toThrow(ValidationError);
    const unknown = (() => {
      try {
        trigger.parse({ events: ['a'], typo: 1 });
      } catch (error) {
        return error as ValidationError;
      }
    })();
    expect(unknown?.parameter).toBe('typo');
  });

  it('derives JSON Schema for the filters and the event data', () => {
    const trigger = webhook();
    expect(trigger.inputSchema).toMatchObject({
      type: 'object',
      properties: { events: { type: 'array', title: 'Events', description: 'Event types' } },
      required: ['events'],
      additionalProperties: false,
    });
    expect(trigger.outputSchema).toMatchObject({ properties: { id: { description: 'The object id' } } });
  });

  it('refuses a webhook trigger without verify and a polling trigger without poll', () => {
    const base = {
      key: 'k',
      title: 'K',
      description: 'K',
      input: (z: any) => z.object({}),
      output: (z: any) => z.object({}),
    };
    expect(() =>
      defineTrigger({
        ...base,
        kinds: ['webhook'],
        subscribe: async () => ({ state: {} }),
        unsubscribe: async () => {},
      }),
    ).toThrow('Webhook trigger "k" has no verify()');
    expect(() => defineTrigger({ ...base, kinds: ['polling'] })).toThrow('Polling trigger "k" has no poll()');
    expect(() => defineTrigger({ ...base, kinds: [] })).toThrow('declares no kind');
  });

  it('sits beside commands in a connector, keyed by its own key', () => {
    const connector = defineConnector({
      id: 'demo',
      title: 'Demo',
      description: 'Demo',
      credentials: (z) => z.object({}),
      options: (z) => z.object({}),
      auth: { type: 'apiKey' },
      commands: {},
      triggers: { event: webhook() },
      createContext: () => ({ close: async () => {} }),
    });
    expect(Object.keys(connector.triggers ?? {})).toEqual(['event']);
    expect(() =>
      defineConnector({
        id: 'demo',
        title: 'Demo',
        description: 'Demo',
        credentials: (z) => z.object({}),
        options: (z) => z.object({}),
        auth: { type: 'apiKey' },
        commands: {},
        triggers: { other: webhook() },
        createContext: () => ({ close: async () => {} }),
      }),
    ).toThrow('Trigger registered as "other" has key "event"');
  });
});

describe('SignatureError', () => {
  it('has the kind signature, survives another copy, and says why in its JSON', () => {
    const error = new SignatureError('The delivery has no Stripe-Signature header', { reason: 'missing' });
    expect(ERROR_KINDS).toContain('signature');
    expect(SignatureError.isInstance(error)).toBe(true);
    expect(SignatureError.isInstance(new ValidationError('x'))).toBe(false);
    expect(error.toJSON()).toEqual({
      name: 'SignatureError',
      kind: 'signature',
      message: 'The delivery has no Stripe-Signature header',
      retryable: false,
      details: { reason: 'missing' },
    });
  });
});
