import type { LinearGraphqlClient } from './issues-client.js';

/** What every issues command runs with: one connection's GraphQL client. */
export interface IssuesContext {
  linear: LinearGraphqlClient;
  close(): Promise<void>;
}
