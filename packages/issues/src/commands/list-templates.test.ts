import { describe, expect, it } from 'vitest';
import {
  expectOutput,
  expectValidOperation,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { LIST_TEAM_TEMPLATES_QUERY, LIST_TEMPLATES_QUERY, listTemplates } from './list-templates.js';

const h = useIssuesSimulator();
const ENG = LINEAR_SEED.teams.eng;

describe('listTemplates', () => {
  it('sends named queries that validate against Linear’s schema', () => {
    expectValidOperation(LIST_TEMPLATES_QUERY, {}, 1000);
    expectValidOperation(LIST_TEAM_TEMPLATES_QUERY, {}, 1000);
  });

  it('lists the workspace’s templates, or a team’s (the sandbox has none)', async () => {
    const all = await h.client.run('listTemplates', {});
    expectOutput(listTemplates, all);
    expect(all).toEqual({ nodes: [] });
    const team = await h.client.run('listTemplates', { teamId: ENG.id });
    expect(team).toEqual({ nodes: [] });
    expect(sentGraphql(h.sim).map((sent) => sent.operationName)).toEqual([
      'ListTemplates',
      'ListTeamTemplates',
    ]);
  });
});
