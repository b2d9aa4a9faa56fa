import { ProviderError, ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { issuesSimulator, LINEAR_SEED, linearQueryComplexity } from '../testing/index.js';
import {
  connectIssues,
  expectOutput,
  expectValidOperation,
  sentGraphql,
} from '../testing/linear-test-helpers.js';
import { SEARCH_ISSUES_QUERY, searchIssues } from './search-issues.js';

const h = useSimulator(issuesSimulator, { start: { seed: true }, connect: connectIssues });

describe('searchIssues', () => {
  it('sends a named, typed query whose largest page stays far below Linear’s complexity limit', () => {
    expect(SEARCH_ISSUES_QUERY).toMatchObject({ name: 'SearchIssues', kind: 'query' });
    expectValidOperation(SEARCH_ISSUES_QUERY, { first: 250 }, 3000);
    expect(linearQueryComplexity(SEARCH_ISSUES_QUERY.document, { first: 50 })).toBeLessThanOrEqual(600);
  });

  it('passes the filter through as an IssueFilter, 50 per page by default', async () => {
    const filter = { team: { key: { eq: 'ENG' } }, state: { type: { eq: 'started' } } };
    const page = await h.client.run('searchIssues', { filter });
    expectOutput(searchIssues, page);
    const [sent] = sentGraphql(h.sim);
    expect(sent).toMatchObject({ operationName: 'SearchIssues', variables: { filter, first: 50 } });
    expect(sent?.query).toBe(SEARCH_ISSUES_QUERY.document);
    expect(page.nodes.map((issue) => issue.identifier).sort()).toEqual(['ENG-2', 'ENG-6']);
    expect(page.nodes.every((issue) => issue.team.key === 'ENG' && issue.state.type === 'started')).toBe(
      true,
    );
    expect(page.pageInfo).toEqual({ hasNextPage: false, endCursor: page.nodes.at(-1)?.id });
  });

  it('continues from pageInfo.endCursor until the last page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await h.client.run('searchIssues', { filter: {}, limit: 5, cursor });
      pages += 1;
      seen.push(...page.nodes.map((issue) => issue.identifier));
      if (!page.pageInfo.hasNextPage) break;
      cursor = page.pageInfo.endCursor ?? undefined;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(12);
    const sent = sentGraphql(h.sim);
    expect(sent[0]?.variables).toEqual({ filter: {}, first: 5 });
    expect(sent[1]?.variables).toEqual({ filter: {}, first: 5, after: expect.any(String) });
  });

  it('treats an empty cursor as the first page and an omitted filter as {}', async () => {
    await h.client.run('searchIssues', { cursor: '' });
    expect(sentGraphql(h.sim)[0]?.variables).toEqual({ filter: {}, first: 50 });
  });

  it('understands nested filters: relations, comparators, and/or, collections', async () => {
    const page = await h.client.run('searchIssues', {
      filter: {
        or: [
          { priority: { eq: 1 } },
          {
            labels: { some: { name: { eqIgnoreCase: 'feature' } } },
            assignee: { email: { eq: 'katherine@example.com' } },
          },
        ],
        parent: { null: true },
      },
    });
    expect(page.nodes.map((issue) => issue.identifier).sort()).toEqual(['DES-2', 'ENG-2', 'OPS-1']);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 251 }, 'limit'],
    [{ limit: 10.5 }, 'limit'],
    [{ filter: 'team = ENG' }, 'filter'],
    [{ cursor: 7 }, 'cursor'],
  ])('refuses %j before sending (%s)', async (input, parameter) => {
    const error = await failure(h.client.runUnknown('searchIssues', input));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(h.sim.server.calls).toHaveLength(0);
  });

  it('reports a filter Linear cannot read with Linear’s own message (HTTP 400)', async () => {
    const error = await failure(h.client.run('searchIssues', { filter: { colour: { eq: 'red' } } }));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.providerCode).toBe('BAD_USER_INPUT');
    expect(error.providerMessage).toMatch(/colour/);
    // The simulator records what Linear would refuse; this test sent it on purpose.
    expect(h.sim.server.violations).toEqual([
      expect.stringMatching(/variables do not match their types.*colour/),
    ]);
    h.sim.server.violations.length = 0;
  });

  it('never lists archived or deleted issues', async () => {
    h.sim.workspace.archiveIssue('ENG-3');
    h.sim.workspace.deleteIssue('OPS-2');
    const page = await h.client.run('searchIssues', {
      filter: { team: { id: { in: [LINEAR_SEED.teams.eng.id, LINEAR_SEED.teams.ops.id] } } },
    });
    // ENG-3 takes its sub-issues ENG-4 and ENG-5 with it into the archive.
    expect(page.nodes.map((issue) => issue.identifier).sort()).toEqual([
      'ENG-1',
      'ENG-2',
      'ENG-6',
      'ENG-7',
      'OPS-1',
    ]);
  });
});
