import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { contractsDir } from '@c/core/testing';
import { assertValidSchema, buildASTSchema, type DocumentNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ISSUES_API_VERSION } from '../issues-client.js';
import {
  issuesSimulator,
  linearSchemaPath,
  linearSchemaStats,
  loadLinearSchema,
  startIssuesSimulator,
  validateLinearDocument,
} from './index.js';
import { LINEAR_SEED, useIssuesSimulator } from './linear-test-helpers.js';

const h = useIssuesSimulator();

async function graphql(
  query: string,
  variables?: Record<string, unknown>,
  authorization: string | null = h.sim.apiKey,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers.authorization = authorization;
  const response = await fetch(h.sim.graphqlUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe('Linear’s schema', () => {
  it('is valid SDL and is built once per process', () => {
    const sdl = readFileSync(linearSchemaPath(), 'utf8');
    expect(() => assertValidSchema(buildASTSchema(parse(sdl)))).not.toThrow();
    expect(loadLinearSchema()).toBe(loadLinearSchema());
    const stats = linearSchemaStats();
    expect(stats?.path).toBe(linearSchemaPath());
    expect(stats?.buildMs).toBeGreaterThan(0);
  });
});

describe('the schema this package ships', () => {
  it('is the schema of the @linear/sdk release the conformance suite runs', () => {
    expect(basename(linearSchemaPath())).toBe(`linear-schema.sdk-${ISSUES_API_VERSION}.graphql`);
    const sdk = createRequire(import.meta.url)('@linear/sdk/package.json') as { version: string };
    expect(sdk.version).toBe(ISSUES_API_VERSION);
    expect(readFileSync(linearSchemaPath(), 'utf8')).toMatch(
      new RegExp(`^# Derived from @linear/sdk ${ISSUES_API_VERSION} by schema/derive-linear-schema.mjs`),
    );
  });

  it.skipIf(!contractsDir() && !process.env.CI)(
    'is derived from Linear’s published 91.0.0 schema, kept byte for byte as in the contracts folder',
    () => {
      const base = join(dirname(linearSchemaPath()), 'linear-schema.sdk-91.0.0.graphql');
      const contract = readFileSync(join(contractsDir()!, 'linear', 'schema.sdk-91.0.0.graphql'));
      expect(readFileSync(base).equals(contract)).toBe(true);
    },
  );

  // The SDK's generated documents are its contract: every query and mutation 98.0.0 (and 91.0.0)
  // can send must validate, so the simulator answers every call either SDK makes.
  it.each(['@linear/sdk', '@linear/sdk-91'])('validates every document %s can send', async (name) => {
    const { LinearDocument } = (await import(name)) as { LinearDocument: Record<string, unknown> };
    const documents = Object.entries(LinearDocument).filter(([key]) => key.endsWith('Document'));
    expect(documents.length).toBeGreaterThan(600);
    const invalid = documents
      .map(([key, document]) => {
        // 98.0.0 ships its documents as strings (TypedDocumentString), 91.0.0 as parsed ASTs.
        const ast =
          (document as DocumentNode).kind === 'Document' ? (document as DocumentNode) : String(document);
        return [key, validateLinearDocument(ast)] as const;
      })
      .filter(([, errors]) => errors.length > 0)
      .map(([key, errors]) => `${key}: ${errors[0]!.message}`);
    expect(invalid).toEqual([]);
  });
});

describe('the GraphQL endpoint', () => {
  it('answers any valid document, giving unmodelled fields their type’s default', async () => {
    const { status, body } = await graphql(`query Deep {
      organization { name urlKey subscription { id } }
      issue(id: "ENG-3") {
        identifier
        botActor { id }
        sharedAccess { isShared sharedWithCount }
        history(first: 5) { nodes { id } pageInfo { hasNextPage } }
        comments { nodes { body } }
        children { nodes { identifier } }
        team { activeCycle { number isActive } defaultIssueState { name } }
        __typename
      }
    }`);
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        organization: { name: 'Acme (sandbox)', urlKey: 'acme', subscription: null },
        issue: {
          identifier: 'ENG-3',
          botActor: null,
          sharedAccess: { isShared: false, sharedWithCount: 0 },
          history: { nodes: [], pageInfo: { hasNextPage: false } },
          comments: { nodes: [] },
          children: { nodes: [{ identifier: 'ENG-5' }, { identifier: 'ENG-4' }] },
          team: { activeCycle: { number: 2, isActive: true }, defaultIssueState: { name: 'Backlog' } },
          __typename: 'Issue',
        },
      },
    });
  });

  it('sends Linear’s rate-limit headers with every answer', async () => {
    const { headers } = await graphql('query Me { viewer { id } }');
    expect(headers.get('x-ratelimit-requests-limit')).toBe('5000');
    expect(Number(headers.get('x-ratelimit-requests-remaining'))).toBe(4999);
    expect(Number(headers.get('x-ratelimit-requests-reset'))).toBeGreaterThan(Date.now() - 1000);
    expect(headers.get('x-complexity')).toBe('2');
  });

  it('answers rateLimitStatus with the budgets its headers describe', async () => {
    await graphql('query Me { viewer { id } }');
    const { headers, body } = await graphql(`query Limits {
      rateLimitStatus { kind limits { type allowedAmount remainingAmount requestedAmount period reset } }
    }`);
    const { kind, limits } = body.data.rateLimitStatus;
    expect(kind).toBe('apiKey');
    const [requests, complexity] = limits;
    expect(requests).toMatchObject({ type: 'requestLimit', allowedAmount: 5000, period: 3_600_000 });
    expect(requests.remainingAmount).toBe(Number(headers.get('x-ratelimit-requests-remaining')));
    expect(requests.remainingAmount).toBe(4998);
    expect(complexity.type).toBe('complexityLimit');
    expect(complexity.allowedAmount).toBe(Number(headers.get('x-ratelimit-complexity-limit')));
    expect(complexity.remainingAmount).toBe(Number(headers.get('x-ratelimit-complexity-remaining')));
    expect(complexity.requestedAmount).toBe(Number(headers.get('x-complexity')));
    expect(complexity.reset).toBeGreaterThan(Date.now() - 1000);
  });

  it('keeps team memberships in step with team members', async () => {
    const { body } = await graphql(`query Memberships {
      teams(first: 10) { nodes { key members(first: 20) { nodes { id } } memberships(first: 20) { nodes { id owner user { id } team { key } } } viewerMembership { user { isMe } } } }
      teamMemberships(first: 100) { nodes { id } }
      viewer { teamMemberships(first: 20) { nodes { team { key } } } teams(first: 20) { nodes { key } } }
    }`);
    let total = 0;
    for (const team of body.data.teams.nodes) {
      const members = team.members.nodes.map((user: any) => user.id).sort();
      expect(team.memberships.nodes.map((m: any) => m.user.id).sort()).toEqual(members);
      expect(team.memberships.nodes.every((m: any) => m.team.key === team.key)).toBe(true);
      total += members.length;
    }
    expect(body.data.teamMemberships.nodes).toHaveLength(total);
    const viewerTeams = body.data.viewer.teams.nodes.map((team: any) => team.key).sort();
    expect(body.data.viewer.teamMemberships.nodes.map((m: any) => m.team.key).sort()).toEqual(viewerTeams);
    const eng = body.data.teams.nodes.find((team: any) => team.key === 'ENG');
    expect(eng.viewerMembership).toEqual({ user: { isMe: true } });
  });

  it('refuses documents Linear refuses: HTTP 400 with one error per problem, recorded as violations', async () => {
    const invalid = await graphql('query Bad { viewer { nickname } issues(frist: 3) { nodes { id } } }');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((error: any) => error.extensions.code)).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
      'GRAPHQL_VALIDATION_FAILED',
    ]);
    const syntax = await graphql('query { viewer { id }');
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const variables = await graphql('query Issue($id: String!) { issue(id: $id) { id } }', { id: 5 });
    expect(variables.status).toBe(400);
    expect(variables.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(h.sim.server.violations).toHaveLength(3);
    // Sent on purpose: the harness fails a test that leaves violations behind.
    h.sim.server.violations.length = 0;
  });

  it('refuses a query over Linear’s complexity limit', async () => {
    const { status, body } = await graphql(
      'query Heavy { issues(first: 250) { nodes { children(first: 250) { nodes { id title } } } } }',
    );
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/complexity \d+ exceeds the limit of 10000/);
    expect(h.sim.server.violations).toEqual([expect.stringMatching(/complexity/)]);
    // Sent on purpose: the harness fails a test that leaves violations behind.
    h.sim.server.violations.length = 0;
  });

  it('refuses pages over 250 and unknown cursors as Linear’s input errors', async () => {
    const big = await graphql('query Big { issues(first: 251) { nodes { id } } }');
    expect(big.status).toBe(200);
    expect(big.body.errors[0]).toMatchObject({ path: ['issues'], extensions: { code: 'INPUT_ERROR' } });
    const cursor = await graphql('query After { issues(after: "nope") { nodes { id } } }');
    expect(cursor.body.errors[0].extensions.code).toBe('INPUT_ERROR');
  });

  it('refuses a mutation it does not implement rather than faking success', async () => {
    const { body } = await graphql(
      `mutation Archive { cycleArchive(id: "${LINEAR_SEED.cycles.engPrevious}") { success } }`,
    );
    expect(body.data).toBeNull();
    expect(body.errors[0]).toMatchObject({
      path: ['cycleArchive'],
      extensions: { code: 'SIMULATOR_NOT_IMPLEMENTED' },
    });
  });

  it('answers 401 without credentials or with a key sent as Bearer, and flags the latter', async () => {
    const missing = await graphql('query Me { viewer { id } }', undefined, null);
    expect(missing.status).toBe(401);
    expect(missing.body.errors[0].extensions).toMatchObject({
      type: 'authentication error',
      code: 'AUTHENTICATION_ERROR',
    });
    const bearerKey = await graphql('query Me { viewer { id } }', undefined, `Bearer ${h.sim.apiKey}`);
    expect(bearerKey.status).toBe(401);
    expect(h.sim.server.violations).toEqual([
      'POST /graphql: no Authorization header',
      'POST /graphql: a personal API key must be sent without the Bearer prefix',
    ]);
    h.sim.server.violations.length = 0;
  });

  it('enforces the budgets when asked: RATELIMITED (HTTP 400) with the reset in epoch milliseconds', async () => {
    const limited = await issuesSimulator.start({
      seed: true,
      rateLimits: { requestsPerHour: 2, enforce: true },
    });
    try {
      const call = () =>
        fetch(limited.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: limited.apiKey },
          body: JSON.stringify({ query: 'query Me { viewer { id } }' }),
        });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as any).errors[0].extensions).toMatchObject({
        code: 'RATELIMITED',
        type: 'ratelimited',
      });
      const reset = Number(refused.headers.get('x-ratelimit-requests-reset'));
      expect(reset).toBeGreaterThan(Date.now());
      expect(refused.headers.get('x-ratelimit-requests-remaining')).toBe('0');
    } finally {
      await limited.close();
    }
  });

  it('filters with relative dates (ISO 8601 durations) as Linear does', async () => {
    const { body } = await graphql(
      'query Due($f: IssueFilter) { issues(filter: $f) { nodes { identifier } } }',
      {
        f: { dueDate: { lt: 'P5D' } },
      },
    );
    expect(body.data.issues.nodes.map((issue: any) => issue.identifier).sort()).toEqual(['ENG-2', 'OPS-1']);
  });

  it('records no violations with contracts: false, and still refuses what Linear refuses', async () => {
    const quiet = await issuesSimulator.start({ seed: true, contracts: false });
    try {
      const response = await fetch(quiet.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: quiet.apiKey },
        body: JSON.stringify({ query: '{ viewer { nickname } }' }),
      });
      expect(response.status).toBe(400);
      expect(quiet.server.violations).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('starts empty but usable without the seed', async () => {
    const empty = await issuesSimulator.start();
    try {
      expect(empty.workspace.teams.size).toBe(0);
      expect(empty.workspace.users.get(empty.viewerId)?.name).toBe('Sandbox User');
      expect(empty.connection.options).toEqual({ baseUrl: empty.url, tokenUrl: `${empty.url}/oauth/token` });
    } finally {
      await empty.close();
    }
  });

  it('seeds three teams, a dozen issues with sub-issues, and two projects, with stable ids', () => {
    const ws = h.sim.workspace;
    expect([...ws.teams.values()].map((team) => team.key)).toEqual(['ENG', 'DES', 'OPS']);
    expect(ws.issues.size).toBe(12);
    expect(ws.findIssue('ENG-4')?.parentId).toBe(ws.findIssue('ENG-3')?.id);
    expect(ws.projects.get(LINEAR_SEED.projects.mobileLaunch)?.name).toBe('Mobile App Launch');
    expect(ws.teams.get(LINEAR_SEED.teams.eng.id)?.defaultIssueStateId).toBe(
      LINEAR_SEED.teams.eng.states.backlog,
    );
  });
});

describe('issuesSimulator', () => {
  it('is the one simulator object, with the shared handle and Linear’s OAuth endpoints', () => {
    expect(Object.isFrozen(issuesSimulator)).toBe(true);
    expect(issuesSimulator.speaks).toBe(`Linear GraphQL API (schema of @linear/sdk ${ISSUES_API_VERSION})`);
    expect(startIssuesSimulator).toBe(issuesSimulator.start);
    const { url } = h.sim;
    expect(h.sim.connectorId).toBe('issues');
    expect(h.sim.oauth).toEqual({
      authorizationUrl: `${url}/oauth/authorize`,
      tokenUrl: `${url}/oauth/token`,
      revocationUrl: `${url}/oauth/revoke`,
      clientId: h.sim.connection.credentials.clientId,
      clientSecret: h.sim.connection.credentials.clientSecret,
      scopes: ['read', 'write', 'issues:create', 'admin'],
    });
    expect(h.sim.connection.options).toEqual({ baseUrl: url, tokenUrl: `${url}/oauth/token` });
  });

  it('reset() brings back the seeded workspace and the starting grant, and forgets calls, faults and budgets', async () => {
    const created = await h.client.run('createIssue', { teamId: LINEAR_SEED.teams.eng.id, title: 'Gone' });
    await graphql('query Me { viewer { id } }');
    h.sim.state.oauth.revoke(h.sim.connection.credentials.accessToken);
    h.sim.state.rateLimits.enforce = true;
    h.sim.failNext({ kind: 'internal' });
    h.sim.server.fault({ type: 'status', status: 503 });

    h.sim.reset();
    expect(h.sim.server.calls).toEqual([]);
    expect(h.sim.workspace.issues.size).toBe(12);
    expect(h.sim.workspace.issues.has(created.id)).toBe(false);
    expect(h.sim.workspace.findIssue('ENG-8')).toBeUndefined();
    expect(h.sim.state.rateLimits.enforce).toBe(false);
    // The client connected before the reset works again (its grant is back), and no fault fires.
    const issue = await h.client.run('getIssueByIdentifier', { identifier: 'ENG-1' });
    expect(issue.title).toBe('Set up CI pipeline for the mobile app');
    const { status, headers } = await graphql('query Me { viewer { id } }');
    expect(status).toBe(200);
    expect(headers.get('x-ratelimit-requests-remaining')).toBe('4999');
  });
});
