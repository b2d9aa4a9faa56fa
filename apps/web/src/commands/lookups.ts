/**
 * Options for parameters that name a provider object (a team, a workflow state, a customer, a
 * document…), loaded by running the connector's own read commands on the chosen connection.
 */

/** One choice offered for a parameter. */
export interface LookupOption {
  value: string;
  label: string;
  /** A second line, e.g. an email or a state's type. */
  detail?: string | undefined;
}

/** A read command to run for options: its qualified id and input. */
export interface LookupRequest {
  command: string;
  input: Record<string, unknown>;
}

/** How to load the options of one parameter. */
export interface LookupSpec {
  /** What the options are, in the plural, for status lines ("teams", "customers"). */
  noun: string;
  /**
   * The read command for what was typed and the rest of the form; `undefined` when another field
   * must be filled first (then `needs` says which).
   */
  request(query: string, form: Record<string, unknown>): LookupRequest | undefined;
  /** Whether the typed text narrows the search on the provider (otherwise it filters locally). */
  searchesRemotely?: boolean;
  needs?: string;
  options(result: unknown, form: Record<string, unknown>): LookupOption[];
}

function listOf(value: unknown, key: string): Record<string, unknown>[] {
  const list = (value as Record<string, unknown> | null | undefined)?.[key];
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function graphql(query: string, variables?: Record<string, unknown>): LookupRequest {
  return { command: 'issues.customGraphqlAction', input: variables ? { query, variables } : { query } };
}

const teams: LookupSpec = {
  noun: 'teams',
  searchesRemotely: true,
  // Search Teams needs a name to search for; with nothing typed yet, list the first teams instead.
  request: (query) =>
    query.trim()
      ? { command: 'issues.searchTeams', input: { name: query.trim() } }
      : graphql('query Teams { teams(first: 100) { nodes { id key name } } }'),
  options: (result) =>
    listOf((result as { teams?: unknown }).teams ?? result, 'nodes').map((team) => ({
      value: String(team.id),
      label: text(team.name) ?? String(team.id),
      detail: text(team.key),
    })),
};

const states: LookupSpec = {
  noun: 'workflow states',
  needs: 'teamId',
  // The chosen team is known by id, which Search Teams (by name) cannot look up.
  request: (_query, form) =>
    typeof form.teamId === 'string' && form.teamId
      ? graphql('query TeamStates($id: String!) { team(id: $id) { id states { nodes { id name type } } } }', {
          id: form.teamId,
        })
      : undefined,
  options: (result) => {
    const team = (result as { team?: { states?: unknown } } | undefined)?.team;
    return listOf(team?.states, 'nodes').map((state) => ({
      value: String(state.id),
      label: text(state.name) ?? String(state.id),
      detail: text(state.type),
    }));
  },
};

const issues: LookupSpec = {
  noun: 'issues',
  request: () => ({ command: 'issues.searchIssues', input: { filter: {}, limit: 50 } }),
  options: (result) =>
    listOf(result, 'nodes').map((issue) => ({
      value: String(issue.id),
      label: [text(issue.identifier), text(issue.title)].filter(Boolean).join(' '),
      detail: text((issue.state as Record<string, unknown> | undefined)?.name),
    })),
};

const projects: LookupSpec = {
  noun: 'projects',
  request: () => graphql('query Projects { projects(first: 50) { nodes { id name state } } }'),
  options: (result) =>
    listOf((result as Record<string, unknown> | undefined)?.projects, 'nodes').map((project) => ({
      value: String(project.id),
      label: text(project.name) ?? String(project.id),
      detail: text(project.state),
    })),
};

const customers: LookupSpec = {
  noun: 'customers',
  request: () => ({ command: 'payments.getCustomers', input: { limit: 100 } }),
  options: (result) =>
    listOf(result, 'data').map((customer) => ({
      value: String(customer.id),
      label: text(customer.name) ?? text(customer.email) ?? String(customer.id),
      detail: text(customer.name) ? text(customer.email) : undefined,
    })),
};

const products: LookupSpec = {
  noun: 'products',
  request: () => ({ command: 'payments.getProducts', input: { limit: 100 } }),
  options: (result) =>
    listOf(result, 'data').map((product) => ({
      value: String(product.id),
      label: text(product.name) ?? String(product.id),
      detail: text(product.description),
    })),
};

function money(amount: unknown, currency: unknown): string | undefined {
  if (typeof amount !== 'number' || typeof currency !== 'string') return undefined;
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

const plans: LookupSpec = {
  noun: 'plans',
  request: () => ({ command: 'payments.getPlans', input: { active: true, pagination: { limit: 100 } } }),
  options: (result) =>
    // A subscription takes recurring prices only; a one-time fee offered here would be refused.
    listOf(result, 'data')
      .filter((price) => price.recurring)
      .map((price) => {
        const recurring = price.recurring as Record<string, unknown> | null | undefined;
        const amount = money(price.unit_amount, price.currency);
        return {
          value: String(price.id),
          label: text(price.nickname) ?? amount ?? String(price.id),
          detail:
            [amount, text(recurring?.interval) && `per ${recurring?.interval}`].filter(Boolean).join(' ') ||
            undefined,
        };
      }),
};

const documents: LookupSpec = {
  noun: 'documents',
  searchesRemotely: true,
  // Search Documents needs a name; with nothing typed yet, list recent documents through Drive.
  request: (query) =>
    query.trim()
      ? { command: 'docs.searchDocuments', input: { name: query.trim() } }
      : {
          command: 'docs.customAction',
          input: {
            method: 'GET',
            path: '/drive/v3/files',
            query: {
              q: "mimeType='application/vnd.google-apps.document' and trashed=false",
              orderBy: 'modifiedTime desc',
              pageSize: 50,
              fields: 'files(id,name,modifiedTime)',
            },
          },
        },
  options: (result) =>
    listOf(result, 'files').map((file) => ({
      value: String(file.id),
      label: text(file.name) ?? String(file.id),
      detail: text(file.modifiedTime)?.slice(0, 10),
    })),
};

const byConnector: Record<string, Record<string, LookupSpec>> = {
  issues: {
    teamId: teams,
    teamIds: teams,
    statusId: states,
    issueId: issues,
    parentId: issues,
    projectId: projects,
  },
  payments: { customerId: customers, productId: products, plan: plans },
  docs: { documentId: documents },
};

/** The lookup of a parameter of a command, if it names a provider object. */
export function lookupFor(commandId: string, parameter: string): LookupSpec | undefined {
  const connector = commandId.slice(0, commandId.indexOf('.'));
  const specs = byConnector[connector];
  return specs && Object.hasOwn(specs, parameter) ? specs[parameter] : undefined;
}

/** Keeps the options whose label, value or detail contain every typed word. */
export function filterOptions(options: LookupOption[], query: string): LookupOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const haystack = `${option.label} ${option.value} ${option.detail ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
