import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { issues } from './issues-connector.js';
import { issuesSimulator } from './testing/index.js';
import { failure, LINEAR_SEED, sentGraphql, useIssuesSimulator } from './testing/linear-test-helpers.js';

const h = useIssuesSimulator();

const SPEC: [string, string][] = [
  ['createIssue', 'Create Issue'],
  ['updateIssue', 'Update Issue'],
  ['getIssueById', 'Get Issue by ID'],
  ['getIssueByIdentifier', 'Get Issue by Issue Identifier'],
  ['searchIssues', 'Search Issue'],
  ['deleteIssue', 'Delete Issue'],
  ['archiveIssue', 'Archive Issue'],
  ['createSubIssue', 'Create Sub Issue'],
  ['createProject', 'Create Project'],
  ['updateProject', 'Update Project'],
  ['getProjectById', 'Get Project by ID'],
  ['deleteProject', 'Delete Project'],
  ['searchTeams', 'Search Teams'],
  ['customGraphqlAction', 'Custom GraphQL Action'],
];

/** The commands beyond the reference (`spec/SURFACE.md`), in the order the connector lists them. */
const SURFACE: [string, string][] = [
  ['createComment', 'Create Comment'],
  ['updateComment', 'Update Comment'],
  ['deleteComment', 'Delete Comment'],
  ['listComments', 'List Comments'],
  ['resolveComment', 'Resolve Comment'],
  ['createReaction', 'Create Reaction'],
  ['listLabels', 'List Labels'],
  ['createLabel', 'Create Label'],
  ['addIssueLabel', 'Add Issue Label'],
  ['removeIssueLabel', 'Remove Issue Label'],
  ['getViewer', 'Get Viewer'],
  ['listUsers', 'List Users'],
  ['getUser', 'Get User'],
  ['listWorkflowStates', 'List Workflow States'],
  ['getTeam', 'Get Team'],
  ['listTeamMembers', 'List Team Members'],
  ['unarchiveIssue', 'Unarchive Issue'],
  ['listCycles', 'List Cycles'],
  ['getCycle', 'Get Cycle'],
  ['listProjects', 'List Projects'],
  ['listTemplates', 'List Templates'],
  ['createAttachment', 'Create Attachment'],
  ['listAttachments', 'List Attachments'],
  ['deleteAttachment', 'Delete Attachment'],
  ['createIssueRelation', 'Create Issue Relation'],
  ['deleteIssueRelation', 'Delete Issue Relation'],
  ['getIssueRelations', 'Get Issue Relations'],
  ['createDocument', 'Create Document'],
  ['updateDocument', 'Update Document'],
  ['getDocument', 'Get Document'],
  ['searchDocuments', 'Search Documents'],
  ['deleteDocument', 'Delete Document'],
  ['archiveProject', 'Archive Project'],
  ['createProjectUpdate', 'Create Project Update'],
  ['listProjectUpdates', 'List Project Updates'],
  ['createProjectMilestone', 'Create Project Milestone'],
  ['listProjectMilestones', 'List Project Milestones'],
  ['listInitiatives', 'List Initiatives'],
  ['createInitiative', 'Create Initiative'],
  ['updateInitiative', 'Update Initiative'],
  ['addProjectToInitiative', 'Add Project To Initiative'],
];

describe('issues connector', () => {
  it('has the fourteen commands of the catalog and those of the surface, with their titles', () => {
    expect(issues.id).toBe('issues');
    expect(issues.list.map((command) => [command.key, command.title])).toEqual([...SPEC, ...SURFACE]);
  });

  it('gives every parameter a title and a description in the derived JSON Schema', () => {
    for (const command of issues.list) {
      const properties = command.inputSchema.properties as Record<
        string,
        { title?: string; description?: string }
      >;
      // Get Viewer alone takes nothing: the connection says who the viewer is.
      if (command.key !== 'getViewer') expect(Object.keys(properties).length).toBeGreaterThan(0);
      for (const [key, property] of Object.entries(properties)) {
        expect(property.title, `${command.key}.${key}`).toBeTruthy();
        expect(property.description, `${command.key}.${key}`).toBeTruthy();
      }
    }
  });

  it('marks reads read-only and deletions destructive', () => {
    const hints = Object.fromEntries(issues.list.map((command) => [command.key, command.annotations]));
    for (const key of [
      'getIssueById',
      'getIssueByIdentifier',
      'searchIssues',
      'getProjectById',
      'searchTeams',
    ]) {
      expect(hints[key]).toMatchObject({ readOnly: true, destructive: false });
    }
    for (const key of ['deleteIssue', 'deleteProject', 'customGraphqlAction']) {
      expect(hints[key]).toMatchObject({ readOnly: false, destructive: true });
    }
    expect(hints.createIssue).toMatchObject({ readOnly: false, destructive: false, idempotent: false });
  });

  it('describes Linear’s OAuth and the personal key alternative, and the environment', () => {
    expect(issues.auth).toEqual({
      type: 'oauth2',
      authorizationUrl: 'https://linear.app/oauth/authorize',
      tokenUrl: 'https://api.linear.app/oauth/token',
      scopes: ['read', 'write', 'issues:create'],
      alternatives: ['apiKey'],
    });
    expect(issues.env).toEqual({
      C_ISSUES_ACCESS_TOKEN: 'credentials.accessToken',
      C_ISSUES_REFRESH_TOKEN: 'credentials.refreshToken',
      C_ISSUES_CLIENT_ID: 'credentials.clientId',
      C_ISSUES_CLIENT_SECRET: 'credentials.clientSecret',
      C_ISSUES_API_KEY: 'credentials.apiKey',
      C_ISSUES_BASE_URL: 'baseUrl',
      C_ISSUES_TOKEN_URL: 'tokenUrl',
    });
    // The token URL follows the base URL when omitted (see the refresh tests below).
    expect(issues.options.parse({})).toEqual({ baseUrl: 'https://api.linear.app' });
  });

  it('declares an output schema for every command, an object schema in JSON Schema', () => {
    for (const command of issues.list) {
      expect(command.output, command.key).toBeDefined();
      expect(command.outputSchema?.type, command.key).toBe('object');
    }
  });

  it('declares its simulator, loaded only when asked', async () => {
    expect(await issues.simulator?.()).toBe(issuesSimulator);
    expect(issuesSimulator).toMatchObject({
      connectorId: 'issues',
      speaks: expect.stringContaining('98.0.0'),
    });
  });

  it('refreshes at the base URL’s own token endpoint when only baseUrl is given, never at Linear’s', async () => {
    const { credentials } = h.sim.connection;
    const client = h.connect({
      credentials: { ...credentials, expiresAt: Date.now() - 1000 },
      baseUrl: h.sim.url,
      tokenUrl: undefined,
    });
    const issue = await client.run('getIssueByIdentifier', { identifier: 'ENG-1' });
    expect(issue.identifier).toBe('ENG-1');
    const [token, graphql] = h.sim.server.calls;
    expect([token?.path, graphql?.path]).toEqual(['/oauth/token', '/graphql']);
    expect(token?.bodyForm?.get('client_secret')).toBe(credentials.clientSecret);
  });

  it('keeps the base URL’s path prefix (a proxy) for the token endpoint', async () => {
    const client = h.connect({
      credentials: { ...h.sim.connection.credentials, expiresAt: Date.now() - 1000 },
      baseUrl: `${h.sim.url}/linear/`,
      tokenUrl: undefined,
    });
    await client.run('getIssueByIdentifier', { identifier: 'ENG-1' });
    expect(h.sim.server.calls.map((call) => call.path)).toEqual(['/linear/oauth/token', '/linear/graphql']);
  });

  it('refreshes at an explicit tokenUrl rather than the base URL’s', async () => {
    const client = h.connect({
      credentials: { ...h.sim.connection.credentials, expiresAt: Date.now() - 1000 },
      baseUrl: h.sim.url,
      tokenUrl: `${h.sim.url}/elsewhere/oauth/token`,
    });
    await client.run('getIssueByIdentifier', { identifier: 'ENG-1' });
    expect(h.sim.server.calls.map((call) => call.path)).toEqual(['/elsewhere/oauth/token', '/graphql']);
  });

  it.each([
    [{}, 'credentials.accessToken'],
    [{ accessToken: 'a_token', apiKey: 'lin_api_x' }, 'credentials.accessToken'],
    [{ apiKey: 'Bearer lin_api_x' }, 'credentials.apiKey'],
    [{ accessToken: 'a_token', refreshToken: 'r_token' }, 'credentials.clientId'],
    [{ accessToken: 'a_token', expiresAt: 1_800_000_000 }, 'credentials.expiresAt'],
    [{ access_token: 'a_token' }, 'credentials.access_token'],
  ])('refuses the credentials %j (%s)', (credentials, parameter) => {
    let error: unknown;
    try {
      issues.connect({ credentials } as never);
    } catch (caught) {
      error = caught;
    }
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe(parameter);
    expect((error as ValidationError).message).not.toContain('a_token');
  });

  it('verifies a connection with a cheap viewer query', async () => {
    await h.client.verify();
    expect(sentGraphql(h.sim).map((call) => call.operationName)).toEqual(['Viewer']);
    const bad = h.connect({ credentials: { apiKey: 'lin_api_wrong_0000000' } });
    const error = await failure(bad.verify());
    expect(error.kind).toBe('auth');
  });

  it('refreshes an env connection’s expired token with the C_ISSUES_* variables, following Linear’s rotation', async () => {
    const { credentials, options } = h.sim.connection;
    const connection = fromEnv({
      C_ISSUES_ACCESS_TOKEN: credentials.accessToken,
      C_ISSUES_REFRESH_TOKEN: credentials.refreshToken,
      C_ISSUES_CLIENT_ID: credentials.clientId,
      C_ISSUES_CLIENT_SECRET: credentials.clientSecret,
      C_ISSUES_BASE_URL: options.baseUrl,
      C_ISSUES_TOKEN_URL: options.tokenUrl,
    });
    // The environment has no expiry: Linear's 401 is what says the 24-hour token has run out.
    expect(connection.credentials).not.toHaveProperty('expiresAt');
    const client = h.connect(connection as never);
    h.sim.state.oauth.expireAccessTokens();
    const page = await client.run('searchIssues', { filter: { team: { key: { eq: 'OPS' } } } });
    expect(page.nodes.map((issue) => issue.identifier).sort()).toEqual(['OPS-1', 'OPS-2']);

    // A day later the rotated token set, kept by the connection, refreshes again.
    h.sim.state.oauth.expireAccessTokens();
    const issue = await client.run('createIssue', {
      teamId: LINEAR_SEED.teams.ops.id,
      title: 'After two refreshes',
    });
    expect(issue.identifier).toBe('OPS-3');

    const refreshes = h.sim.server.calls.filter((call) => call.path === '/oauth/token');
    expect(refreshes.map((call) => call.bodyForm?.get('grant_type'))).toEqual([
      'refresh_token',
      'refresh_token',
    ]);
    const [first, second] = refreshes.map((call) => call.bodyForm?.get('refresh_token'));
    expect(first).toBe(credentials.refreshToken);
    expect(second).not.toBe(first);
    const bearers = sentGraphql(h.sim)
      .map((call) => call.headers.authorization)
      .filter((header) => header !== `Bearer ${credentials.accessToken}`);
    expect(new Set(bearers).size).toBe(2);
    // Linear refuses a refresh token once used: the environment's own can no longer refresh.
    const reused = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: credentials.refreshToken,
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }),
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('names clientId when the environment has a refresh token without the client', () => {
    let error: unknown;
    try {
      issues.connect(
        fromEnv({ C_ISSUES_ACCESS_TOKEN: 'a_token', C_ISSUES_REFRESH_TOKEN: 'r_token' }) as never,
      );
    } catch (caught) {
      error = caught;
    }
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe('credentials.clientId');
    expect((error as ValidationError).message).not.toContain('r_token');
  });
});

/** A connection from environment variables through the connector's `env` map, as the host builds one. */
function fromEnv(
  env: Record<string, string>,
): { credentials: Record<string, string> } & Record<string, unknown> {
  const credentials: Record<string, string> = {};
  const options: Record<string, string> = {};
  for (const [variable, target] of Object.entries(issues.env ?? {})) {
    const value = env[variable];
    if (value === undefined) continue;
    if (target.startsWith('credentials.')) credentials[target.slice('credentials.'.length)] = value;
    else options[target] = value;
  }
  return { credentials, ...options };
}
