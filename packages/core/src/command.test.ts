import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCommand } from './command.js';
import { ValidationError } from './errors/validation-error.js';

const createThing = defineCommand({
  key: 'createThing',
  title: 'Create Thing',
  description: 'Creates a thing.',
  input: z.object({
    name: z.string().meta({ title: 'Name', description: 'The thing’s name. Shown in lists.' }),
    size: z.number().meta({ title: 'Size', description: 'How big' }),
    note: z.string().optional().meta({ title: 'Note', description: 'A note' }),
  }),
  annotations: { readOnly: false },
  run: async () => ({}),
});

function refusal(input: unknown): ValidationError {
  try {
    createThing.parse(input);
  } catch (error) {
    if (ValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the input was accepted');
}

describe('validation issues', () => {
  it('list each missing parameter with a message that says so, what it expects and what it is', () => {
    const error = refusal({});
    expect(error.message).toBe('Missing required parameter "name" (string, The thing’s name)');
    expect(error.parameter).toBe('name');
    expect(error.toJSON().details?.issues).toEqual([
      { parameter: 'name', message: 'is required (string, The thing’s name)' },
      { parameter: 'size', message: 'is required (number, How big)' },
    ]);
  });

  it('list a wrong type and an unknown parameter beside a missing one, each message starting with a word', () => {
    const issues = refusal({ name: 3, colour: 'red' }).toJSON().details?.issues as {
      parameter: string;
      message: string;
    }[];
    expect(issues).toEqual([
      { parameter: 'name', message: 'expected string (The thing’s name), got number' },
      { parameter: 'size', message: 'is required (number, How big)' },
      { parameter: 'colour', message: 'is not a known parameter of this command' },
    ]);
    for (const { message } of issues) expect(message).toMatch(/^\S/);
  });
});
