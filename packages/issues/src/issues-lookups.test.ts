import { fillLookupInput, type Lookup, lookupProblems, lookupRequests } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { issues } from './issues-connector.js';
import {
  issueLookup,
  issueStateLookup,
  projectLookup,
  teamLookup,
  teamStateLookup,
} from './issues-lookups.js';
import { issuesSimulator, LINEAR_SEED } from './testing/index.js';
import { connectIssues } from './testing/linear-test-helpers.js';

const h = useSimulator(issuesSimulator, { start: { seed: true }, connect: connectIssues });

function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null | undefined)?.[key], value);
}

/** Runs every request of a lookup on the seeded sandbox and returns the [value, name] of its items. */
async function choices(lookup: Lookup, form: Record<string, unknown> = {}) {
  const lists = [];
  for (const request of lookupRequests(lookup)) {
    const result = await h.client.run(
      request.command as 'searchTeams',
      fillLookupInput(request.input, 'eng', form) as never,
    );
    const items = at(result, request.items) as Record<string, unknown>[];
    lists.push(items.map((item) => [at(item, lookup.value), at(item, lookup.label[0] as string)]));
  }
  return lists;
}

describe('issues lookups', () => {
  it('name commands and parameters that exist, with inputs their commands accept', () => {
    expect(lookupProblems(issues)).toEqual([]);
    const declared = Object.fromEntries(
      issues.list.filter((command) => command.lookups).map((command) => [command.key, command.lookups]),
    );
    expect(declared.createIssue).toEqual({ teamId: teamLookup, statusId: teamStateLookup });
    expect(declared.updateIssue).toEqual({ issueId: issueLookup, statusId: issueStateLookup });
    expect(declared.createProject).toEqual({ teamIds: teamLookup });
  });

  it('list teams by the typed name, and the first teams when nothing is typed', async () => {
    const [searched, first] = await choices(teamLookup);
    expect(searched).toEqual([[LINEAR_SEED.teams.eng.id, 'Engineering']]);
    expect(first?.map(([id]) => id)).toEqual(
      expect.arrayContaining([LINEAR_SEED.teams.eng.id, LINEAR_SEED.teams.des.id, LINEAR_SEED.teams.ops.id]),
    );
  });

  it('list the chosen team’s workflow states, and an issue’s through its team', async () => {
    const [states] = await choices(teamStateLookup, { teamId: LINEAR_SEED.teams.eng.id });
    expect(states?.map(([id]) => id).sort()).toEqual(Object.values(LINEAR_SEED.teams.eng.states).sort());
    const found = (await h.client.run('searchIssues', issueLookup.input as never)) as unknown as {
      nodes: { id: string; identifier: string }[];
    };
    const eng = found.nodes.find((issue) => issue.identifier.startsWith('ENG-'));
    const [viaIssue] = await choices(issueStateLookup, { issueId: eng?.id });
    expect(viaIssue).toEqual(states);
  });

  it('list projects with their status, not the deprecated state', async () => {
    const result = await h.client.run('customGraphqlAction', projectLookup.input as never);
    const projects = at(result, projectLookup.items) as Record<string, unknown>[];
    expect(projects.map((project) => project.id).sort()).toEqual(Object.values(LINEAR_SEED.projects).sort());
    expect(at(projects[0], 'status.name')).toEqual(expect.any(String));
    expect(String(projectLookup.input?.query)).not.toMatch(/\bstate\b/);
  });
});
