import { CREATE_ISSUE_MUTATION, issues, SEARCH_ISSUES_QUERY } from '@c/issues';
import { LINEAR_SEED } from '@c/issues/testing';
import { LinearClient } from '@linear/sdk';
import { Agent, request } from 'undici';
import { compare, printCallTable, startChildServer } from './harness.ts';

interface SimulatorInfo {
  url: string;
  connection: {
    credentials: { accessToken?: string; apiKey?: string };
    options: { baseUrl: string; tokenUrl?: string };
  };
}

/** createIssue and searchIssues: @c/issues vs @linear/sdk vs raw undici, on one simulator. */
export async function benchIssues(scale: number): Promise<void> {
  const server = await startChildServer<SimulatorInfo>(
    new URL('./servers/simulator-server.ts', import.meta.url).pathname,
    ['issues'],
  );
  const { url, connection } = server.info;
  const token = connection.credentials.accessToken ?? connection.credentials.apiKey ?? '';
  const ours = issues.connect({ credentials: { accessToken: token }, baseUrl: connection.options.baseUrl });
  const sdk = new LinearClient({ accessToken: token, apiUrl: `${connection.options.baseUrl}/graphql` });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  const teamId = LINEAR_SEED.teams.eng.id;
  // The raw baseline sends the very documents @c/issues sends, so both parse the same responses.
  const graphql = async (operation: { document: string; name: string }, variables: object) => {
    const response = await request(`${connection.options.baseUrl}/graphql`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: operation.document, variables, operationName: operation.name }),
    });
    await response.body.json();
  };
  const filter = { team: { id: { eq: teamId } } };
  const cases: [string, [string, () => Promise<unknown>][]][] = [
    [
      'searchIssues',
      [
        ['raw undici.request', () => graphql(SEARCH_ISSUES_QUERY, { filter, first: 25 })],
        ['@c/issues', () => ours.run('searchIssues', { filter, limit: 25 })],
        ['@linear/sdk', () => sdk.issues({ filter, first: 25 })],
      ],
    ],
    [
      'createIssue',
      [
        ['raw undici.request', () => graphql(CREATE_ISSUE_MUTATION, { input: { teamId, title: 'Bench' } })],
        ['@c/issues', () => ours.run('createIssue', { teamId, title: 'Bench' })],
        ['@linear/sdk', () => sdk.createIssue({ teamId, title: 'Bench' })],
      ],
    ],
  ];
  for (const [command, clients] of cases) {
    for (const concurrency of [1, 32]) {
      const calls = Math.round((concurrency === 1 ? 600 : 1500) * scale);
      const rows = await compare(clients, { calls, concurrency });
      printCallTable(
        `issues.${command}: @c/issues vs @linear/sdk (${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}, ${calls} calls)`,
        rows,
        { '@c/issues': '≤ 1.25× raw' },
      );
    }
  }
  void url;
  await ours.close();
  await agent.close();
  await server.stop();
}
