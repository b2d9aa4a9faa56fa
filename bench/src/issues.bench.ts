import { randomUUID } from 'node:crypto';
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
  // The raw baseline does per call what @c/issues does: build the auth header, JSON-encode the very
  // document and variables @c/issues sends (a create carries a client-chosen issue id, which makes
  // it safe to repeat, so the raw create sends one too) and parse the JSON answer.
  const graphql = async (operation: { document: string; name: string }, variables: object) => {
    const response = await request(`${connection.options.baseUrl}/graphql`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: operation.document, variables, operationName: operation.name }),
    });
    return response.body.json();
  };
  const filter = { team: { id: { eq: teamId } } };
  const searchInput = { filter, limit: 25 };
  const createInput = { teamId, title: 'Bench' };
  const cases: [string, [string, () => Promise<unknown>][]][] = [
    [
      'searchIssues',
      [
        [
          'raw undici.request',
          () => graphql(SEARCH_ISSUES_QUERY, { filter: searchInput.filter, first: searchInput.limit }),
        ],
        ['@c/issues', () => ours.run('searchIssues', searchInput)],
        ['@linear/sdk', () => sdk.issues({ filter, first: 25 })],
      ],
    ],
    [
      'createIssue',
      [
        [
          'raw undici.request',
          () => graphql(CREATE_ISSUE_MUTATION, { input: { id: randomUUID(), ...createInput } }),
        ],
        ['@c/issues', () => ours.run('createIssue', createInput)],
        ['@linear/sdk', () => sdk.createIssue(createInput)],
      ],
    ],
  ];
  for (const [command, clients] of cases) {
    for (const concurrency of [1, 32]) {
      const calls = Math.round((concurrency === 1 ? 600 : 1500) * scale);
      const rows = await compare(clients, { calls, concurrency });
      printCallTable(
        `issues.${command}: @c/issues vs @linear/sdk (${concurrency === 1 ? 'sequential' : `${concurrency} concurrent`}, ${rows[0]?.calls ?? calls} calls)`,
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
