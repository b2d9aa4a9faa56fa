import { describe, expect, it } from 'vitest';
import { loadConnectors } from './connectors.js';
import { Registry } from './registry.js';
import { things } from './test-support/fake-connector.js';

const SPEC_COMMANDS = {
  payments: [
    'createCustomer',
    'getCustomerById',
    'getCustomers',
    'createSubscription',
    'getSubscriptions',
    'updateCustomer',
    'createProduct',
    'getProductById',
    'getBalanceTransactions',
    'getPlans',
    'getProducts',
    'customAction',
    'createPaymentIntent',
    'getPaymentIntent',
    'listPaymentIntents',
    'updatePaymentIntent',
    'confirmPaymentIntent',
    'capturePaymentIntent',
    'cancelPaymentIntent',
    'getCharge',
    'listCharges',
    'createRefund',
    'getRefund',
    'listRefunds',
    'cancelRefund',
    'deleteCustomer',
    'listCustomerPaymentMethods',
    'attachPaymentMethod',
    'detachPaymentMethod',
    'createSetupIntent',
    'createInvoice',
    'createInvoiceItem',
    'getInvoice',
    'listInvoices',
    'listInvoiceLines',
    'previewInvoice',
    'finalizeInvoice',
    'sendInvoice',
    'payInvoice',
    'voidInvoice',
    'markInvoiceUncollectible',
    'deleteDraftInvoice',
    'createBillingPortalSession',
    'createCheckoutSession',
    'getCheckoutSession',
    'listCheckoutSessions',
    'listCheckoutSessionLineItems',
    'expireCheckoutSession',
    'createPaymentLink',
    'listPaymentLinks',
    'updatePaymentLink',
    'createPrice',
    'getPrice',
    'listPrices',
    'updatePrice',
    'updateProduct',
    'deleteProduct',
    'getSubscription',
    'updateSubscription',
    'cancelSubscription',
    'resumeSubscription',
    'createCoupon',
    'listCoupons',
    'deleteCoupon',
    'createPromotionCode',
    'listPromotionCodes',
    'listDisputes',
    'getDispute',
    'updateDispute',
    'closeDispute',
    'search',
    'listEvents',
    'getEvent',
    'getBalance',
    'listPayouts',
    'getPayout',
    'createPayout',
    'cancelPayout',
    'createSubscriptionSchedule',
    'getSubscriptionSchedule',
    'cancelSubscriptionSchedule',
    'releaseSubscriptionSchedule',
    'createMeterEvent',
    'listMeters',
  ],
  analytics: [
    'activeAndNewUserCounts',
    'eventSegmentation',
    'exportData',
    'behavioralCohorts',
    'userSearch',
    'getChartResults',
    'sendEvents',
    'identifyUser',
    'groupIdentify',
    'funnelAnalysis',
    'retentionAnalysis',
    'userActivity',
    'userComposition',
    'sessionMetrics',
    'realtimeActiveUsers',
    'revenueLtv',
    'listEvents',
    'listAnnotations',
    'createAnnotation',
    'createRelease',
    'listEventTypes',
    'createEventType',
    'updateEventType',
    'listEventProperties',
    'listUserProperties',
    'getCohortMembers',
    'uploadCohort',
    'deleteUserData',
    'listDeletionJobs',
    'getUserProfile',
    'customAction',
  ],
  issues: [
    'createIssue',
    'updateIssue',
    'getIssueById',
    'getIssueByIdentifier',
    'searchIssues',
    'deleteIssue',
    'archiveIssue',
    'createSubIssue',
    'createProject',
    'updateProject',
    'getProjectById',
    'deleteProject',
    'searchTeams',
    'customGraphqlAction',
    'createComment',
    'updateComment',
    'deleteComment',
    'listComments',
    'resolveComment',
    'createReaction',
    'listLabels',
    'createLabel',
    'addIssueLabel',
    'removeIssueLabel',
    'getViewer',
    'listUsers',
    'getUser',
    'listWorkflowStates',
    'getTeam',
    'listTeamMembers',
    'unarchiveIssue',
    'listCycles',
    'getCycle',
    'listProjects',
    'listTemplates',
    'createAttachment',
    'listAttachments',
    'deleteAttachment',
    'createIssueRelation',
    'deleteIssueRelation',
    'getIssueRelations',
    'createDocument',
    'updateDocument',
    'getDocument',
    'searchDocuments',
    'deleteDocument',
    'archiveProject',
    'createProjectUpdate',
    'listProjectUpdates',
    'createProjectMilestone',
    'listProjectMilestones',
    'listInitiatives',
    'createInitiative',
    'updateInitiative',
    'addProjectToInitiative',
  ],
  docs: [
    'fetchDocumentContent',
    'updateDocumentContent',
    'searchDocuments',
    'createDocumentFile',
    'getDocumentAsMarkdown',
    'writeMarkdown',
    'createDocumentFromMarkdown',
    'appendText',
    'findAndReplace',
    'addTab',
    'getFile',
    'trashFile',
    'restoreFile',
    'deleteFile',
    'getAbout',
    'customAction',
    'listFiles',
    'createFolder',
    'moveFile',
    'copyFile',
    'updateFile',
    'fillTemplate',
    'shareFile',
    'listPermissions',
    'removePermission',
    'listComments',
    'createComment',
    'replyToComment',
    'exportDocument',
    'listSharedDrives',
    'uploadFile',
    'downloadFile',
    'insertTable',
    'insertImage',
  ],
};

/** The top-level parameters of an input schema. */
function properties(schema: Record<string, any>): [string, Record<string, any>][] {
  const out: [string, Record<string, any>][] = [];
  for (const [key, value] of Object.entries(schema.properties ?? {})) out.push([key, value as never]);
  return out;
}

describe('the registry of the four connectors', async () => {
  const registry = new Registry(await loadConnectors());
  const commands = registry.commands();

  const expected = Object.entries(SPEC_COMMANDS).flatMap(([connector, keys]) =>
    keys.map((key) => `${connector}.${key}`),
  );

  it('holds the commands of the spec under qualified ids', () => {
    expect(commands).toHaveLength(expected.length);
    expect(commands.map((entry) => entry.id).sort()).toEqual(expected.sort());
  });

  it('gives unique ids and MCP tool names that fit the MCP name pattern', () => {
    expect(new Set(commands.map((entry) => entry.id)).size).toBe(expected.length);
    expect(new Set(commands.map((entry) => entry.toolName)).size).toBe(expected.length);
    for (const entry of commands) {
      expect(entry.toolName).toBe(entry.id.replace('.', '_'));
      expect(entry.toolName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(registry.command(entry.toolName)).toBe(entry);
    }
  });

  it('has a title and description for every command and every parameter', () => {
    for (const entry of commands) {
      expect(entry.command.title, entry.id).toBeTruthy();
      expect(entry.command.description, entry.id).toBeTruthy();
      const schema = entry.command.inputSchema;
      expect(schema.type, entry.id).toBe('object');
      for (const [key, property] of properties(schema)) {
        expect(property.title, `${entry.id} ${key} title`).toEqual(expect.any(String));
        expect(property.description, `${entry.id} ${key} description`).toEqual(expect.any(String));
      }
    }
  });

  it('marks reads read-only and deletes, archives and custom actions destructive', () => {
    const hints = (id: string) => registry.require(id).command.annotations;
    for (const id of [
      'payments.getCustomers',
      'issues.searchTeams',
      'docs.fetchDocumentContent',
      'analytics.exportData',
    ]) {
      expect(hints(id), id).toMatchObject({ readOnly: true, destructive: false });
    }
    for (const id of [
      'issues.deleteIssue',
      'issues.archiveIssue',
      'issues.deleteProject',
      'payments.customAction',
      'payments.cancelSubscriptionSchedule',
    ]) {
      expect(hints(id), id).toMatchObject({ readOnly: false, destructive: true });
    }
    expect(hints('payments.createCustomer')).toMatchObject({ readOnly: false, destructive: false });
  });
});

describe('Registry', () => {
  it('finds commands by id or tool name and refuses an unknown one', () => {
    const registry = new Registry([things]);
    expect(registry.command('things.getThing')?.key).toBe('getThing');
    expect(registry.command('things_getThing')?.id).toBe('things.getThing');
    expect(() => registry.require('things.nope')).toThrow(
      expect.objectContaining({ kind: 'validation', parameter: 'command' }),
    );
    expect(() => new Registry([things, things])).toThrow(/twice/);
  });
});
