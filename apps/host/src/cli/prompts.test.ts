import { describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { checkAnswer, choicesOf, promptOrder } from './prompts.js';

const registry = new Registry(await loadConnectors(['analytics', 'issues']));
const command = (id: string) => registry.require(id).command;
const field = (id: string, key: string) =>
  (command(id).inputSchema.properties as Record<string, Record<string, unknown>>)[key]!;

describe('checkAnswer', () => {
  it('refuses a YYYY-MM-DD answer for a YYYYMMDD date with the reason, and takes the right one', () => {
    const id = 'analytics.eventSegmentation';
    const refused = checkAnswer(command(id), 'start', '2026-11-01', field(id, 'start'));
    expect(refused).toEqual(expect.stringMatching(/YYYYMMDD/));
    expect(refused).not.toMatch(/^Invalid parameter/);
    expect(checkAnswer(command(id), 'start', '20261101', field(id, 'start'))).toBe(true);
  });

  it('reads objects as JSON5 and says where a broken one breaks', () => {
    const id = 'issues.searchIssues';
    expect(checkAnswer(command(id), 'filter', '{priority: {eq: 1}}', field(id, 'filter'))).toBe(true);
    expect(checkAnswer(command(id), 'filter', '{priority: 1', field(id, 'filter'))).toMatch(
      /not a JSON \(or JSON5\) object: invalid end of input at 1:13/,
    );
  });
});

describe('choicesOf', () => {
  it('offers the label of each option with its wire value, and plain values where there is none', () => {
    const choices = choicesOf(field('analytics.eventSegmentation', 'interval'));
    expect(choices[0]).toEqual({ name: 'Daily (1)', value: '1' });
    expect(choices.at(-1)).toEqual({
      name: 'Real-time 5 min (last 2 days at most) (-300000)',
      value: '-300000',
    });
    expect(choicesOf({ type: 'string', enum: ['query', 'csv'] })).toEqual([
      { name: 'query', value: 'query' },
      { name: 'csv', value: 'csv' },
    ]);
  });
});

describe('promptOrder', () => {
  it('asks a parameter after those its lookup needs, keeping the given order otherwise', () => {
    const lookups = command('issues.createIssue').lookups ?? {};
    expect(promptOrder(['statusId', 'title', 'teamId'], lookups)).toEqual(['title', 'teamId', 'statusId']);
    expect(promptOrder(['teamId', 'title', 'statusId'], lookups)).toEqual(['teamId', 'title', 'statusId']);
    // A need that is not being asked (given with -p) holds nothing back.
    expect(promptOrder(['statusId', 'title'], lookups)).toEqual(['statusId', 'title']);
  });

  it('asks the parameters of a cycle last, in the given order, rather than never', () => {
    const needs = (name: string) => ({
      noun: 'x',
      command: 'c',
      items: '',
      value: 'id',
      label: ['id'],
      needs: [name],
    });
    expect(promptOrder(['a', 'b', 'c'], { a: needs('b'), b: needs('a') })).toEqual(['c', 'a', 'b']);
  });
});
