import { describe, expect, it } from 'vitest';
import { choice, choiceLabels } from './choice.js';
import { zod } from './zod-lazy.js';

describe('choice', () => {
  const z = zod();
  const interval = () =>
    choice(z, [
      ['1', 'Daily'],
      ['7', 'Weekly'],
      ['-300000', 'Real-time 5 min'],
    ]);

  it('parses and returns the wire values, refusing labels and unknown values', () => {
    const schema = interval().default('1');
    expect(schema.parse('-300000')).toBe('-300000');
    expect(schema.parse(undefined)).toBe('1');
    expect(schema.safeParse('Daily').success).toBe(false);
    expect(schema.safeParse('30').success).toBe(false);
  });

  it('keeps enum in the JSON Schema and titles each option with oneOf const/title', () => {
    const json = z.toJSONSchema(z.object({ i: interval().default('1').meta({ title: 'Interval' }) }), {
      io: 'input',
    }) as unknown as { properties: { i: Record<string, unknown> } };
    const property = json.properties.i;
    expect(property).toMatchObject({
      type: 'string',
      enum: ['1', '7', '-300000'],
      title: 'Interval',
      default: '1',
    });
    expect(property.oneOf).toEqual([
      { const: '1', title: 'Daily' },
      { const: '7', title: 'Weekly' },
      { const: '-300000', title: 'Real-time 5 min' },
    ]);
    expect([...choiceLabels(property)]).toEqual([
      ['1', 'Daily'],
      ['7', 'Weekly'],
      ['-300000', 'Real-time 5 min'],
    ]);
  });

  it('reads no labels from a plain enum', () => {
    expect(choiceLabels({ type: 'string', enum: ['a'] }).size).toBe(0);
  });
});
