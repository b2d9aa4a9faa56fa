import type { Toolset } from '@c/core';

/**
 * The connector's commands by area, for MCP toolsets, `c-host list` and the UI. `core` holds the
 * commands an Amplitude user runs most: counts, segmentation, funnels, retention, a user's
 * activity, and sending events.
 */
export const analyticsToolsets: Record<string, Toolset> = {
  core: {
    title: 'Most used',
    description:
      'User counts, segmentation, funnels, retention, user lookup, export, sending events and identifying users.',
    commands: [
      'activeAndNewUserCounts',
      'eventSegmentation',
      'userSearch',
      'exportData',
      'funnelAnalysis',
      'retentionAnalysis',
      'sendEvents',
      'identifyUser',
    ],
  },
  charts: {
    title: 'Charts',
    description: 'Counts and metrics over time: active and new users, event segmentation, saved charts.',
    commands: [
      'activeAndNewUserCounts',
      'eventSegmentation',
      'getChartResults',
      'userComposition',
      'sessionMetrics',
      'realtimeActiveUsers',
      'revenueLtv',
      'listEvents',
    ],
  },
  funnels: {
    title: 'Funnels and Retention',
    description: 'Where users drop off between steps, and how many come back.',
    commands: ['funnelAnalysis', 'retentionAnalysis'],
  },
  users: {
    title: 'Users',
    description: 'Finding users and reading what they did.',
    commands: ['userSearch', 'identifyUser', 'userActivity', 'getUserProfile'],
  },
  cohorts: {
    title: 'Cohorts',
    description: 'Behavioral cohorts: listing them, downloading their members, uploading new ones.',
    commands: ['behavioralCohorts', 'getCohortMembers', 'uploadCohort'],
  },
  export: {
    title: 'Export',
    description: 'Raw events of a time range.',
    commands: ['exportData'],
  },
  ingestion: {
    title: 'Ingestion',
    description: 'Sending events, and identifying users and groups without an event.',
    commands: ['sendEvents', 'identifyUser', 'groupIdentify'],
  },
  annotations: {
    title: 'Annotations and Releases',
    description: 'Marking releases, campaigns and incidents on the charts.',
    commands: ['listAnnotations', 'createAnnotation', 'createRelease'],
  },
  taxonomy: {
    title: 'Taxonomy',
    description: 'The tracking plan: event types and their properties, user properties (Enterprise plans).',
    commands: [
      'listEventTypes',
      'createEventType',
      'updateEventType',
      'listEventProperties',
      'listUserProperties',
    ],
  },
  privacy: {
    title: 'Privacy',
    description: 'Deleting users’ data on request (GDPR, CCPA) and following the deletion jobs.',
    commands: ['deleteUserData', 'listDeletionJobs'],
  },
  custom: {
    title: 'Custom',
    description: 'Any other Amplitude endpoint, called directly.',
    commands: ['customAction'],
  },
};
