import { analytics } from '@c/analytics';
import type { Connector, ConnectorClient } from '@c/core';
import { docs } from '@c/docs';
import { issues } from '@c/issues';
import { payments } from '@c/payments';

/** The four connectors, as the host registers them. */
export const connectors = [payments, analytics, issues, docs] as unknown as Connector[];

/**
 * Connects a connector to `url` for every one of its base URLs, with throwaway credentials whose
 * values are easy to find in any output (the secret audit looks for them).
 */
export function connectTo(connector: Connector, url: string): ConnectorClient<Record<string, never>> {
  const configs: Record<string, Record<string, unknown>> = {
    payments: { credentials: { apiKey: FAKE_SECRETS.payments }, baseUrl: url },
    analytics: {
      credentials: { apiKey: FAKE_SECRETS.analyticsKey, secretKey: FAKE_SECRETS.analyticsSecret },
      baseUrl: url,
      ingestionBaseUrl: url,
      profileBaseUrl: url,
    },
    issues: { credentials: { apiKey: FAKE_SECRETS.issues }, baseUrl: url },
    docs: {
      credentials: { accessToken: FAKE_SECRETS.docs },
      baseUrl: url,
      fileApiBaseUrl: url,
      tokenUrl: `${url}/token`,
    },
  };
  const config = configs[connector.id];
  if (!config) throw new Error(`no test connection for ${connector.id}`);
  return connector.connect(config as never) as ConnectorClient<Record<string, never>>;
}

/** Credentials that must never show up anywhere. */
export const FAKE_SECRETS = {
  payments: 'sk_test_AuditSecretPayments0001',
  analyticsKey: 'auditAnalyticsApiKey0002',
  analyticsSecret: 'auditAnalyticsSecretKey0003',
  issues: 'lin_api_AuditSecretIssues0004',
  docs: 'ya29.AuditSecretDocs0005',
} as const;
