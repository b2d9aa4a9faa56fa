import { describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { toolsOf } from './mcp-server.js';
import { fullInputSchema, selectTools } from './tools.js';

type Options = Parameters<typeof toolsOf>[1];

/**
 * Each served tool's full input schema, as `describe` gives it: tools/list tells a lookup by the
 * tool's name only, `describe` how to call it and where the values are.
 */
function fullSchemas(registry: Registry, options: Options) {
  const served = selectTools(registry, options);
  const offered = new Set(served.map((entry) => entry.toolName));
  return Object.fromEntries(
    served.map((entry) => [entry.toolName, { inputSchema: fullInputSchema(entry, offered) }]),
  );
}

/** Values of the parameters other lookups are filled from, where an id has a format of its own. */
const ID_SAMPLES: Record<string, string> = { customerId: 'cus_Sample0001', productId: 'prod_Sample0001' };

describe('MCP tool parameters with a lookup', () => {
  it('say which tool lists their choices, how to call it and where the values are, keeping their own description', async () => {
    const registry = new Registry(await loadConnectors(['issues', 'payments']));
    const tools = fullSchemas(registry, { toolsets: ['all'] });
    const createIssue = tools.issues_createIssue?.inputSchema.properties as Record<
      string,
      { description: string }
    >;
    expect(createIssue.teamId?.description).toMatch(
      /^The team the issue belongs to .*\. Choices: the issues_searchTeams tool lists the teams, called with \{"name":"<search text>"\}; each choice is the value at nodes\[\]\.id\.$/,
    );
    // A custom query tool is of no use without its query: the description carries it.
    expect(createIssue.statusId?.description).toMatch(
      /Choices: the issues_customGraphqlAction tool lists the workflow states once teamId is chosen, called with \{"query":"query TeamStates\(\$id: String!\) \{ team\(id: \$id\) .*\}","variables":\{"id":"<teamId>"\}\}; each choice is the value at team\.states\.nodes\[\]\.id\.$/,
    );
    expect(createIssue.title?.description).not.toMatch(/Choices/);
    const subscribe = tools.payments_createSubscription?.inputSchema.properties as Record<
      string,
      { description: string }
    >;
    expect(subscribe.plan?.description).toMatch(
      /Choices: the payments_getPlans tool lists the plans, called with .*; each choice is the value at data\[\]\.id \(only the items with recurring\)\.$/,
    );
    // Every tool a choice points to exists, and takes the input described once the <…> are filled.
    let checked = 0;
    for (const tool of Object.values(tools)) {
      for (const property of Object.values(tool.inputSchema.properties ?? {}) as { description?: string }[]) {
        const match = /Choices: the (\w+) tool .*?(?:, called with (\{.*\}))?; each choice/.exec(
          property.description ?? '',
        );
        if (!match) continue;
        const named = registry.command(match[1]!);
        expect(tools[match[1]!], match[1]).toBeDefined();
        const input = JSON.parse(
          (match[2] ?? '{}')
            .replaceAll('<search text>', 'a')
            // A parameter filled from another takes a value of that one's format (ids are UUIDs at
            // Linear, prefixed at Stripe).
            .replace(
              /<(\w+)>/g,
              (_, name: string) => ID_SAMPLES[name] ?? '9cfb482a-81e3-4154-b5b9-2c805e70a02d',
            ),
        );
        expect(() => named?.command.parse(input), match[1]).not.toThrow();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('name, for every lookup of every connector, the tool the registry registered its command under', async () => {
    const registry = new Registry(await loadConnectors());
    const tools = new Map(toolsOf(registry, { toolsets: ['all'] }).map((tool) => [tool.name, tool]));
    let checked = 0;
    for (const entry of registry.commands()) {
      const properties = tools.get(entry.toolName)?.inputSchema.properties as
        | Record<string, { description?: string }>
        | undefined;
      for (const [parameter, lookup] of Object.entries(entry.command.lookups ?? {})) {
        const where = `${entry.id} ${parameter}`;
        // The registry's own entry for the lookup's command, found by id, never by a rebuilt name.
        const target = registry
          .commands()
          .find((other) => other.id === `${entry.connectorId}.${lookup.command}`);
        expect(target, where).toBeDefined();
        const named = /Choices: the (\S+) tool/.exec(properties?.[parameter]?.description ?? '')?.[1];
        expect(named, where).toBe(target!.toolName);
        expect(tools.has(named!), where).toBe(true);
        expect(registry.command(named!), where).toBe(target);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('name no tool the server hides: --read-only and --tools leave out what they do not offer', async () => {
    const registry = new Registry(await loadConnectors(['issues', 'payments']));
    const served = (options: Options) => {
      const named: string[] = [];
      const descriptions = new Map<string, string>();
      // What tools/list says and what describe says both name offered tools only.
      const listed = toolsOf(registry, options).map((tool) => [tool.name, tool] as const);
      for (const [tool, { inputSchema }] of [...listed, ...Object.entries(fullSchemas(registry, options))]) {
        for (const [name, property] of Object.entries(inputSchema.properties ?? {})) {
          const text = (property as { description?: string }).description ?? '';
          const key = `${tool}.${name}`;
          // The longer (describe's) is kept for the assertions below; both are scanned for names.
          if (text.length >= (descriptions.get(key)?.length ?? 0)) descriptions.set(key, text);
          const choices = /Choices: the (\w+) tool/.exec(text)?.[1];
          if (choices) named.push(choices);
        }
      }
      return { names: new Set(listed.map(([name]) => name)), descriptions, named };
    };
    const readOnly = served({ readOnly: true, toolsets: ['all'] });
    // Projects are listed through the custom GraphQL tool, which may write and so is hidden here.
    expect(readOnly.names.has('issues_customGraphqlAction')).toBe(false);
    const projectId = readOnly.descriptions.get('issues_getProjectById.projectId');
    expect(projectId).toBeTruthy();
    expect(projectId).not.toMatch(/Choices|customGraphqlAction/);
    // Lookups through read-only tools are still named.
    expect(readOnly.descriptions.get('issues_getIssueById.issueId')).toMatch(
      /Choices: the issues_searchIssues tool lists the issues, called with .*; each choice is the value at nodes\[\]\.id\.$/,
    );
    expect(readOnly.named.length).toBeGreaterThan(0);
    for (const name of readOnly.named) expect(readOnly.names, name).toContain(name);

    const chosen = served({ tools: ['issues.createIssue', 'issues.searchTeams'] });
    expect(chosen.descriptions.get('issues_createIssue.teamId')).toMatch(
      /Choices: the issues_searchTeams tool/,
    );
    expect(chosen.descriptions.get('issues_createIssue.statusId')).not.toMatch(/Choices/);
    for (const name of chosen.named) expect(chosen.names, name).toContain(name);

    // The full list, asked for after narrower ones, still names every lookup tool.
    expect(served({ toolsets: ['all'] }).descriptions.get('issues_getProjectById.projectId')).toMatch(
      /Choices: the issues_customGraphqlAction tool lists the projects, called with \{"query":"query Projects .*"\}; each choice is the value at projects\.nodes\[\]\.id\.$/,
    );
  });
});
