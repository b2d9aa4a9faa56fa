import { describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { commandDetail } from '../views.js';
import { describeText } from './terminal.js';

describe('c-host describe on a terminal', () => {
  it('says which command lists the choices of a parameter, and what to set first', async () => {
    const registry = new Registry(await loadConnectors(['issues']));
    const text = describeText(commandDetail(registry.require('issues.createIssue')), {
      width: 400,
      colour: false,
    });
    const line = (parameter: string) => text.split('\n').find((row) => row.startsWith(`${parameter} `)) ?? '';
    expect(line('teamId')).toMatch(/Choices: issues\.searchTeams\.\s*$/);
    expect(line('statusId')).toMatch(/Choices: issues\.customGraphqlAction once teamId is set\.\s*$/);
    expect(line('title')).not.toMatch(/Choices/);
  });
});
