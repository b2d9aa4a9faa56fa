import { describe, expect, it } from 'vitest';
import { type ConfirmSituation, confirmationFor, confirmQuestion } from './confirm-policy.js';

// The one rule every surface asks by: the CLI (a person, a terminal or a script), the web UI (a
// person who can always be asked) and MCP (an agent, with or without elicitation).

const READ = { readOnly: true, destructive: false, idempotent: true };
const ADDS = { readOnly: false, destructive: false, idempotent: false };
const CHANGES = { readOnly: false, destructive: true, idempotent: true };
const DESTRUCTIVE = { readOnly: false, destructive: true, idempotent: false };

const agent = (more: Partial<ConfirmSituation> = {}): ConfirmSituation => ({
  caller: 'agent',
  canAsk: false,
  ...more,
});
const person = (more: Partial<ConfirmSituation> = {}): ConfirmSituation => ({
  caller: 'person',
  canAsk: true,
  ...more,
});

describe('confirmationFor', () => {
  it('never asks before a read or a run that only adds data', () => {
    for (const hints of [READ, ADDS]) {
      expect(confirmationFor(hints, agent())).toEqual({ action: 'run' });
      expect(confirmationFor(hints, person())).toEqual({ action: 'run' });
    }
  });

  it('asks before a change of existing data whoever calls, when the person can be asked', () => {
    expect(confirmationFor(CHANGES, person())).toEqual({ action: 'ask', level: 'changes' });
    expect(confirmationFor(DESTRUCTIVE, agent({ canAsk: true }))).toEqual({
      action: 'ask',
      level: 'destructive',
    });
    // What the person allowed at start is for clients that cannot ask: one that can still asks.
    expect(confirmationFor(DESTRUCTIVE, agent({ canAsk: true, allowed: true })).action).toBe('ask');
  });

  it("lets a person's --yes, a dry run and a person's script run unasked", () => {
    expect(confirmationFor(DESTRUCTIVE, person({ allowed: true }))).toEqual({ action: 'run' });
    expect(confirmationFor(DESTRUCTIVE, person({ dryRun: true }))).toEqual({ action: 'run' });
    expect(confirmationFor(DESTRUCTIVE, agent({ dryRun: true }))).toEqual({ action: 'run' });
    expect(confirmationFor(DESTRUCTIVE, person({ canAsk: false }))).toEqual({ action: 'run' });
  });

  it('refuses an agent nobody can be asked for, unless the person allowed it', () => {
    expect(confirmationFor(DESTRUCTIVE, agent())).toEqual({ action: 'refuse', level: 'destructive' });
    expect(confirmationFor(CHANGES, agent())).toEqual({ action: 'refuse', level: 'changes' });
    expect(confirmationFor(DESTRUCTIVE, agent({ allowed: true }))).toEqual({ action: 'run' });
  });

  it('asks in the words the CLI has always used', () => {
    expect(confirmQuestion('changes', 'Update Issue', '"env"')).toBe(
      'Update Issue changes existing data on "env". Run it?',
    );
    expect(confirmQuestion('destructive', 'Delete Issue', 'main')).toBe(
      'Delete Issue may delete or overwrite data on main, and running it again may do more. Run it?',
    );
  });
});
