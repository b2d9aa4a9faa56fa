import { LinearClient } from '@linear/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type IssuesSandbox, LINEAR_SEED, startIssuesSimulator } from './index.js';

let sim: IssuesSandbox;
beforeEach(async () => {
  sim = await startIssuesSimulator({ seed: true });
});
afterEach(async () => {
  const violations = [...sim.server.violations];
  await sim.close();
  expect(violations).toEqual([]);
});

// The benchmark compares @c/issues with the official SDK against this simulator, so the SDK's own
// documents must run here as they do against Linear.
describe('@linear/sdk against the simulator', () => {
  it('creates an issue and reads it back', async () => {
    const linear = new LinearClient({ apiKey: sim.apiKey, apiUrl: sim.graphqlUrl });
    const payload = await linear.createIssue({
      teamId: LINEAR_SEED.teams.eng.id,
      title: 'From the SDK',
      priority: 2,
    });
    expect(payload.success).toBe(true);
    const issue = await payload.issue;
    expect(issue?.identifier).toBe('ENG-8');
    expect(issue?.title).toBe('From the SDK');
    const state = await issue?.state;
    expect(state?.name).toBe('Backlog');
  });

  it('searches issues with a filter, with OAuth', async () => {
    const linear = new LinearClient({
      accessToken: sim.connection.credentials.accessToken,
      apiUrl: sim.graphqlUrl,
    });
    const page = await linear.issues({ filter: { team: { key: { eq: 'DES' } } }, first: 2 });
    expect(page.nodes).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = await page.fetchNext();
    expect(next.nodes.map((issue) => issue.identifier).sort()).toEqual(['DES-1', 'DES-2', 'DES-3']);
  });

  it('reads teams and the viewer', async () => {
    const linear = new LinearClient({ apiKey: sim.apiKey, apiUrl: sim.graphqlUrl });
    const viewer = await linear.viewer;
    expect(viewer.name).toBe('Ada Lovelace');
    const teams = await linear.teams({ filter: { name: { containsIgnoreCase: 'des' } } });
    expect(teams.nodes.map((team) => team.key)).toEqual(['DES']);
  });
});
