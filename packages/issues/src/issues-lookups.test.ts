import { fillLookupInput, type Lookup, lookupProblems, lookupRequests } from '@c/core';
import { describe, expect, it } from 'vitest';
import { issues } from './issues-connector.js';
import {
  commentLookup,
  cycleLookup,
  issueAddableLabelLookup,
  issueCycleLookup,
  issueIdentifierLookup,
  issueLabelLookup,
  issueLookup,
  issueStateLookup,
  issueThreadLookup,
  labelGroupLookup,
  projectLookup,
  replyLookup,
  teamCycleLookup,
  teamLookup,
  teamStateLookup,
  threadLookup,
} from './issues-lookups.js';
import { LINEAR_SEED, seedUuid, useIssuesSimulator } from './testing/linear-test-helpers.js';

const h = useIssuesSimulator();

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
    expect(declared.createIssue).toEqual({
      teamId: teamLookup,
      statusId: teamStateLookup,
      cycleId: teamCycleLookup,
    });
    expect(declared.updateIssue).toEqual({
      issueId: issueLookup,
      statusId: issueStateLookup,
      cycleId: issueCycleLookup,
    });
    expect(declared.createProject).toEqual({ teamIds: teamLookup });
  });

  it('leave no id parameter without choices (the web runs every command with lookups alone)', () => {
    const missing = issues.list.flatMap((command) =>
      Object.keys(command.input.shape)
        .filter((name) => /Ids?$|^identifier$/.test(name) && !command.lookups?.[name])
        .map((name) => `${command.key}.${name}`),
    );
    expect(missing).toEqual([]);
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

  it('list comments with their issue, thread starters, an issue’s threads and a thread’s replies', async () => {
    const ENG_3 = seedUuid('issue:eng:2');
    const thread = await h.client.run('createComment', { issueId: ENG_3, body: 'Which API?' });
    const reply = await h.client.run('createComment', { issueId: ENG_3, body: 'v2', parentId: thread.id });
    const [all] = await choices(commentLookup);
    expect(all).toEqual(
      expect.arrayContaining([
        [thread.id, 'Which API?'],
        [reply.id, 'v2'],
      ]),
    );
    const [threads] = await choices(threadLookup);
    expect(threads).toEqual([[thread.id, 'Which API?']]);
    const [ofIssue] = await choices(issueThreadLookup, { issueId: ENG_3 });
    expect(ofIssue).toEqual([[thread.id, 'Which API?']]);
    expect(await choices(issueThreadLookup, { issueId: seedUuid('issue:eng:1') })).toEqual([[]]);
    const [replies] = await choices(replyLookup, { commentId: thread.id });
    expect(replies).toEqual([[reply.id, 'v2']]);
  });

  it('list the labels an issue can take (its team’s and the workspace’s, no group) and those it has', async () => {
    const ENG_2 = seedUuid('issue:eng:1');
    const group = await h.client.run('createLabel', { name: 'Platform', isGroup: true });
    const ios = await h.client.run('createLabel', { name: 'iOS', parentId: group.id });
    const des = await h.client.run('createLabel', { name: 'Brand', teamId: LINEAR_SEED.teams.des.id });
    const eng = await h.client.run('createLabel', { name: 'Backend', teamId: LINEAR_SEED.teams.eng.id });
    const [addable] = await choices(issueAddableLabelLookup, { issueId: ENG_2 });
    const ids = addable?.map(([id]) => id);
    expect(ids).toEqual(expect.arrayContaining([...Object.values(LINEAR_SEED.labels), ios.id, eng.id]));
    expect(ids).not.toContain(group.id);
    expect(ids).not.toContain(des.id);
    expect(await choices(issueLabelLookup, { issueId: ENG_2 })).toEqual([[[LINEAR_SEED.labels.bug, 'Bug']]]);
    const [groups] = await choices(labelGroupLookup);
    expect(groups).toEqual([[group.id, 'Platform']]);
  });

  it('list cycles: all of them, a team’s open ones, and those of an issue’s team', async () => {
    const { engPrevious, engCurrent, engNext } = LINEAR_SEED.cycles;
    const [all] = await choices(cycleLookup);
    expect(all?.map(([id]) => id).sort()).toEqual([engPrevious, engCurrent, engNext].sort());
    const [open] = await choices(teamCycleLookup, { teamId: LINEAR_SEED.teams.eng.id });
    expect(open?.map(([id]) => id).sort()).toEqual([engCurrent, engNext].sort());
    expect(await choices(teamCycleLookup, { teamId: LINEAR_SEED.teams.des.id })).toEqual([[]]);
    const [viaIssue] = await choices(issueCycleLookup, { issueId: seedUuid('issue:eng:1') });
    expect(viaIssue).toEqual(open);
  });

  it('list issues by identifier for Get Issue by Issue Identifier', async () => {
    const [found] = await choices(issueIdentifierLookup);
    expect(found?.length).toBe(12);
    for (const [identifier] of found ?? []) expect(identifier).toMatch(/^(ENG|DES|OPS)-\d+$/);
    const identifier = String(found?.[0]?.[0]);
    const issue = await h.client.run('getIssueByIdentifier', { identifier });
    expect(issue.identifier).toBe(identifier);
  });
});
