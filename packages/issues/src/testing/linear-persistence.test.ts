import { describe, expect, it } from 'vitest';
import { issuesSimulator, LINEAR_SEED } from './index.js';
import { connectIssues } from './linear-test-helpers.js';

describe('Linear simulator: exportState and importState', () => {
  it('brings an issue, the OAuth grant and the API key back on a fresh simulator', async () => {
    const before = await issuesSimulator.start({ seed: true, contracts: false });
    const held = { ...before.connection.credentials };
    const apiKey = before.apiKey;
    let saved: unknown;
    let created: { id: string; identifier: string };
    try {
      const client = connectIssues(before);
      created = await client.run('createIssue', {
        teamId: LINEAR_SEED.teams.eng.id,
        title: 'Survives a restart',
      });
      await client.close();
      // Through JSON: what is exported must survive plain serialization.
      saved = JSON.parse(JSON.stringify(before.exportState()));
    } finally {
      await before.close();
    }
    expect(saved).toMatchObject({ version: 1 });

    const after = await issuesSimulator.start({ seed: true, contracts: false });
    try {
      expect(after.connection.credentials.accessToken).not.toBe(held.accessToken);
      after.importState(saved);
      expect(after.connection.credentials).toEqual(held);
      expect(after.oauth).toMatchObject({ clientId: held.clientId, clientSecret: held.clientSecret });
      expect(after.apiKey).toBe(apiKey);
      const client = connectIssues(after);
      const issue = await client.run('getIssueByIdentifier', { identifier: created.identifier });
      expect(issue).toMatchObject({ id: created.id, title: 'Survives a restart' });
      await client.close();
      // The personal API key works too, and the next issue is numbered after the restored one.
      const response = await fetch(after.graphqlUrl, {
        method: 'POST',
        headers: { authorization: apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query { viewer { id } }' }),
      });
      expect(((await response.json()) as { data: { viewer: { id: string } } }).data.viewer.id).toBe(
        after.viewerId,
      );
      const next = after.workspace.createIssue(
        { teamId: LINEAR_SEED.teams.eng.id, title: 'Next' },
        after.viewerId,
      );
      expect(Number(next.identifier.split('-')[1])).toBe(Number(created.identifier.split('-')[1]) + 1);
    } finally {
      await after.close();
    }
  });

  it('refuses a snapshot of another version and keeps its own data and grant', async () => {
    const sim = await issuesSimulator.start({ seed: true, contracts: false });
    try {
      const held = { ...sim.connection.credentials };
      const snapshot = sim.exportState() as Record<string, unknown>;
      const issues = sim.workspace.issues.size;
      expect(() => sim.importState({ ...snapshot, version: 2 })).toThrow(/version 1 \(got version 2\)/);
      expect(() => sim.importState({ version: 1 })).toThrow(/incomplete/);
      expect(sim.workspace.issues.size).toBe(issues);
      expect(sim.connection.credentials).toEqual(held);
      const client = connectIssues(sim);
      await expect(client.run('getIssueByIdentifier', { identifier: 'ENG-1' })).resolves.toMatchObject({
        identifier: 'ENG-1',
      });
      await client.close();
    } finally {
      await sim.close();
    }
  });
});
