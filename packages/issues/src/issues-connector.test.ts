import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import { issues } from './issues-connector.js';
import { failure, useSimulator } from './test-harness.js';

const h = useSimulator();

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

describe('issues connector', () => {
  it('has the fourteen commands of the catalog, with their titles', () => {
    expect(issues.id).toBe('issues');
    expect(issues.list.map((command) => [command.key, command.title])).toEqual(SPEC);
  });

  it('gives every parameter a title and a description in the derived JSON Schema', () => {
    for (const command of issues.list) {
      const properties = command.inputSchema.properties as Record<
        string,
        { title?: string; description?: string }
      >;
      expect(Object.keys(properties).length).toBeGreaterThan(0);
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
      C_ISSUES_API_KEY: 'credentials.apiKey',
      C_ISSUES_BASE_URL: 'baseUrl',
    });
    expect(issues.options.parse({})).toEqual({
      baseUrl: 'https://api.linear.app',
      tokenUrl: 'https://api.linear.app/oauth/token',
    });
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
    expect(h.sent().map((call) => call.operationName)).toEqual(['Viewer']);
    const bad = h.connect({ credentials: { apiKey: 'lin_api_wrong_0000000' } });
    const error = await failure(bad.verify());
    expect(error.kind).toBe('auth');
  });
});
