import { ValidationError } from '@c/core';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_API_VERSION,
  ANALYTICS_MAX_CONCURRENT,
  createAnalyticsContext,
} from './analytics-client.js';
import { analytics, exportEvents } from './analytics-connector.js';
import { analyticsSimulator } from './testing/index.js';

const credentials = { apiKey: 'key-123456', secretKey: 'secret-123456' };

describe('analytics connector', () => {
  it('has the commands of the catalog, with titles and parameter titles', () => {
    expect(analytics.id).toBe('analytics');
    expect(analytics.list.map((command) => [command.key, command.title])).toEqual([
      ['activeAndNewUserCounts', 'Active and New User Counts'],
      ['eventSegmentation', 'Event Segmentation'],
      ['exportData', 'Export Data'],
      ['behavioralCohorts', 'Behavioral Cohorts'],
      ['userSearch', 'User Search'],
      ['getChartResults', 'Get Chart Results'],
      ['sendEvents', 'Send Events'],
      ['identifyUser', 'Identify User'],
      ['groupIdentify', 'Group Identify'],
      ['funnelAnalysis', 'Funnel Analysis'],
      ['retentionAnalysis', 'Retention Analysis'],
      ['userActivity', 'User Activity'],
      ['userComposition', 'User Composition'],
      ['sessionMetrics', 'Session Metrics'],
      ['realtimeActiveUsers', 'Real-time Active Users'],
      ['revenueLtv', 'Revenue LTV'],
      ['listEvents', 'List Events'],
      ['listAnnotations', 'List Annotations'],
      ['createAnnotation', 'Create Annotation'],
      ['createRelease', 'Create Release'],
      ['deleteUserData', 'Delete User Data'],
      ['listDeletionJobs', 'List Deletion Jobs'],
      ['getCohortMembers', 'Get Cohort Members'],
      ['uploadCohort', 'Upload Cohort'],
      ['getUserProfile', 'Get User Profile'],
      ['listEventTypes', 'List Event Types'],
      ['createEventType', 'Create Event Type'],
      ['updateEventType', 'Update Event Type'],
      ['listEventProperties', 'List Event Properties'],
      ['listUserProperties', 'List User Properties'],
      ['customAction', 'Custom Action'],
    ]);
    // Every field, nested ones included (event filters, event records), has a title and a description.
    const untitled: string[] = [];
    const walk = (schema: unknown, path: string): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [key, property] of Object.entries(properties)) {
        if (!property.title || !property.description) untitled.push(`${path}.${key}`);
        walk(property, `${path}.${key}`);
      }
      for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) {
        const inner = node[key];
        for (const entry of Array.isArray(inner) ? inner : [inner]) walk(entry, path);
      }
    };
    for (const command of analytics.list) walk(command.inputSchema, command.key);
    expect(untitled).toEqual([]);
    expect(analytics.list.find((command) => command.key === 'exportData')!.annotations.readOnly).toBe(true);
  });

  it('declares an output schema on every command: an object schema whose fields are described', () => {
    const undescribed: string[] = [];
    for (const command of analytics.list) {
      expect(command.output, command.key).toBeDefined();
      const schema = command.outputSchema!;
      expect(schema.type, command.key).toBe('object');
      for (const [key, property] of Object.entries(
        (schema.properties ?? {}) as Record<string, { description?: string }>,
      )) {
        if (!property.description) undescribed.push(`${command.key}.${key}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('declares its simulator, loaded only when asked', async () => {
    const simulator = await analytics.simulator!();
    expect(simulator).toBe(analyticsSimulator);
    expect(simulator.connectorId).toBe(analytics.id);
    expect(simulator.speaks).toContain(ANALYTICS_API_VERSION);
  });

  it('exports a small, explicit public surface', async () => {
    const surface = Object.keys(await import('./index.js')).sort();
    expect(surface).toEqual([
      'ANALYTICS_API_VERSION',
      'ANALYTICS_BUILT_IN_GROUP_BY',
      'ANALYTICS_EXPORT_MAX_DAYS',
      'ANALYTICS_FILTER_OPERATORS',
      'ANALYTICS_INGESTION_LIMITS',
      'ANALYTICS_MAX_CONCURRENT',
      'ANALYTICS_REGIONS',
      'COHORT_POLL_INTERVAL_MS',
      'activeAndNewUserCounts',
      'analytics',
      'behavioralCohorts',
      'cohortSizeChanged',
      'createAnnotation',
      'createEventType',
      'createRelease',
      'customAction',
      'deleteUserData',
      'eventSegmentation',
      'exportData',
      'exportEvents',
      'exportNdjson',
      'funnelAnalysis',
      'getChartResults',
      'getCohortMembers',
      'getUserProfile',
      'groupIdentify',
      'identifyUser',
      'listAnnotations',
      'listDeletionJobs',
      'listEventProperties',
      'listEventTypes',
      'listEvents',
      'listUserProperties',
      'parseChartCsv',
      'realtimeActiveUsers',
      'retentionAnalysis',
      'revenueLtv',
      'sendEventStream',
      'sendEvents',
      'sessionMetrics',
      'updateEventType',
      'uploadCohort',
      'userActivity',
      'userComposition',
      'userSearch',
    ]);
    const testing = Object.keys(await import('./testing/index.js'));
    expect(
      testing.filter((name) => (name as string).endsWith('Simulator') && !name.startsWith('start')),
    ).toEqual(['analyticsSimulator']);
  });

  it('picks both hosts from the region, and explicit base URLs win', () => {
    const hosts = (options: Parameters<typeof createAnalyticsContext>[0]['options']) => {
      const ctx = createAnalyticsContext({ credentials, options });
      const out = [ctx.http.url('/api/2/users', 'dashboard'), ctx.http.url('/2/httpapi', 'ingestion')];
      void ctx.close();
      return out;
    };
    expect(hosts({})).toEqual(['https://amplitude.com/api/2/users', 'https://api2.amplitude.com/2/httpapi']);
    expect(hosts({ region: 'eu' })).toEqual([
      'https://analytics.eu.amplitude.com/api/2/users',
      'https://api.eu.amplitude.com/2/httpapi',
    ]);
    expect(
      hosts({
        region: 'eu',
        baseUrl: 'https://proxy.example/amp',
        ingestionBaseUrl: 'https://ingest.example',
      }),
    ).toEqual(['https://proxy.example/amp/api/2/users', 'https://ingest.example/2/httpapi']);
  });

  it('names the bad credential or option on connect', () => {
    const fail = (config: unknown) => {
      try {
        analytics.connect(config as Parameters<typeof analytics.connect>[0]);
      } catch (error) {
        return ValidationError.isInstance(error) ? error.parameter : String(error);
      }
      return 'connected';
    };
    expect(fail({ credentials: { apiKey: 'k' } })).toBe('credentials.secretKey');
    expect(fail({ credentials, region: 'asia' })).toBe('region');
    expect(fail({ credentials, baseUrl: 'not a url' })).toBe('baseUrl');
    expect(analytics.env).toMatchObject({
      C_ANALYTICS_REGION: 'region',
      C_ANALYTICS_SECRET_KEY: 'credentials.secretKey',
    });
  });

  it('verifies the credentials with a cheap query call', async () => {
    const sandbox = await analyticsSimulator.start();
    const client = analytics.connect({
      credentials: sandbox.connection.credentials,
      ...sandbox.connection.options,
    });
    await client.verify();
    expect(sandbox.server.calls.map((call) => call.path)).toEqual(['/api/2/realtime']);
    await client.close();
    await sandbox.close();
  });

  it(`keeps at most ${ANALYTICS_MAX_CONCURRENT} query calls in flight, so Amplitude's concurrency limit is never hit`, async () => {
    const sandbox = await analyticsSimulator.start({ seed: true, latencyMs: 100 });
    const client = analytics.connect({
      credentials: sandbox.connection.credentials,
      ...sandbox.connection.options,
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.run('activeAndNewUserCounts', {
          start: `202603${String(i + 1).padStart(2, '0')}`,
          end: '20260320',
        }),
      ),
    );
    expect(results).toHaveLength(12);
    // Twelve calls at once would exceed the limit (and meet 429s) without the connection's queue.
    expect(sandbox.state.maxInFlight).toBeLessThanOrEqual(ANALYTICS_MAX_CONCURRENT);
    expect(sandbox.state.maxInFlight).toBeGreaterThan(1);
    expect(sandbox.server.calls).toHaveLength(12);
    expect(sandbox.server.violations).toEqual([]);
    await client.close();
    await sandbox.close();
  });

  it('streams only with a client made by connect (or a context)', () => {
    expect(() => exportEvents({} as never, { start: '20260101T00', end: '20260101T01' })).toThrow(TypeError);
  });
});
