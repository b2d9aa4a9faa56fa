import {
  FILTER_FIELDS_KEY,
  type FilterField,
  filterFieldProblems,
  ProviderError,
  ValidationError,
} from '@c/core';
import { describe, expect, it } from 'vitest';
import { issues } from '../issues-connector.js';
import { linearQueryComplexity } from '../testing/index.js';
import {
  expectOutput,
  expectValidOperation,
  failure,
  LINEAR_SEED,
  sentGraphql,
  useIssuesSimulator,
} from '../testing/linear-test-helpers.js';
import { SEARCH_ISSUES_BY_TERM_QUERY, SEARCH_ISSUES_QUERY, searchIssues } from './search-issues.js';

const h = useIssuesSimulator();

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

  describe('common filter fields', () => {
    const fields = (searchIssues.inputSchema.properties as Record<string, Record<string, unknown>>).filter?.[
      FILTER_FIELDS_KEY
    ] as FilterField[];

    /** The IssueFilter a form builds from values of the declared fields. */
    function filterOf(values: Record<string, unknown>): Record<string, unknown> {
      const filter: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(values)) {
        const path = fields.find((field) => field.key === key)?.path ?? [];
        let node = filter;
        for (const part of path.slice(0, -1)) {
          node[part] ??= {};
          node = node[part] as Record<string, unknown>;
        }
        node[path.at(-1) as string] = value;
      }
      return filter;
    }

    it('are declared on the filter parameter, with lookups the connector can run', () => {
      expect(fields.map((field) => field.key)).toEqual([
        'team',
        'stateType',
        'assignee',
        'assignedToMe',
        'priority',
        'label',
      ]);
      expect(filterFieldProblems(issues)).toEqual([]);
    });

    it('write IssueFilter paths Linear understands', async () => {
      const page = await h.client.run('searchIssues', {
        filter: filterOf({
          team: LINEAR_SEED.teams.eng.id,
          stateType: 'started',
          assignee: LINEAR_SEED.users.alan,
          label: 'Bug',
        }),
      });
      expect(h.sim.server.violations).toEqual([]);
      expect(page.nodes.map((issue) => issue.identifier).sort()).toEqual(['ENG-2', 'ENG-6']);
      const urgent = await h.client.run('searchIssues', {
        filter: filterOf({ priority: 1, team: LINEAR_SEED.teams.ops.id }),
      });
      expect(urgent.nodes.map((issue) => issue.identifier)).toEqual(['OPS-1']);
      const mine = await h.client.run('searchIssues', { filter: filterOf({ assignedToMe: true }) });
      const viewer = (await h.client.run('customGraphqlAction', { query: 'query Me { viewer { id } }' })) as {
        viewer: { id: string };
      };
      expect(mine.nodes.length).toBeGreaterThan(0);
      expect(mine.nodes.every((issue) => issue.assignee?.id === viewer.viewer.id)).toBe(true);
    });

    it('offer the workspace’s users and label names as choices', async () => {
      const lookupOf = (key: string) => fields.find((field) => field.key === key)?.lookup;
      const users = (await h.client.run('customGraphqlAction', lookupOf('assignee')?.input as never)) as {
        users: { nodes: { id: string }[] };
      };
      expect(users.users.nodes.map((user) => user.id).sort()).toEqual(
        Object.values(LINEAR_SEED.users).sort(),
      );
      const labels = (await h.client.run('customGraphqlAction', lookupOf('label')?.input as never)) as {
        issueLabels: { nodes: { name: string }[] };
      };
      expect(labels.issueLabels.nodes.map((label) => label.name).sort()).toEqual([
        'Bug',
        'Feature',
        'Improvement',
      ]);
    });
  });

  describe('with a term', () => {
    it('sends Linear’s full-text searchIssues, which validates against the schema', () => {
      expectValidOperation(SEARCH_ISSUES_BY_TERM_QUERY, { first: 250 }, 3500);
    });

    it('finds issues by words of their title, combined with the filter, with the same fields', async () => {
      const created = await h.client.run('createIssue', {
        teamId: LINEAR_SEED.teams.eng.id,
        title: 'Export Zanzibar invoices as CSV',
      });
      const page = await h.client.run('searchIssues', {
        term: 'zanzibar',
        filter: { team: { id: { eq: LINEAR_SEED.teams.eng.id } } },
      });
      expectOutput(searchIssues, page);
      expect(page.nodes.map((issue) => issue.id)).toEqual([created.id]);
      expect(page.nodes[0]).toEqual(created);
      expect(sentGraphql(h.sim).at(-1)).toMatchObject({
        operationName: 'SearchIssuesByTerm',
        variables: { term: 'zanzibar', first: 50 },
      });
      const none = await h.client.run('searchIssues', {
        term: 'zanzibar',
        filter: { team: { id: { eq: LINEAR_SEED.teams.des.id } } },
      });
      expect(none.nodes).toEqual([]);
    });
  });
});
