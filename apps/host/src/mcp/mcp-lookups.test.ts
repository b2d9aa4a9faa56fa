import { describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { Registry } from '../registry.js';
import { toolsOf } from './mcp-server.js';

describe('MCP tool parameters with a lookup', () => {
  it('say which tool lists their choices, keeping their own description', async () => {
    const registry = new Registry(await loadConnectors(['issues', 'payments']));
    const tools = Object.fromEntries(toolsOf(registry).map((tool) => [tool.name, tool]));
    const createIssue = tools.issues_createIssue?.inputSchema.properties as Record<
      string,
      { description: string }
    >;
    expect(createIssue.teamId?.description).toMatch(
      /^The team the issue belongs to .*\. Choices: the issues_searchTeams tool lists the teams\.$/,
    );
    expect(createIssue.statusId?.description).toMatch(
      /Choices: the issues_customGraphqlAction tool lists the workflow states once teamId is chosen\.$/,
    );
    expect(createIssue.title?.description).not.toMatch(/Choices/);
    const subscribe = tools.payments_createSubscription?.inputSchema.properties as Record<
      string,
      { description: string }
    >;
    expect(subscribe.plan?.description).toMatch(/Choices: the payments_getPlans tool lists the plans\.$/);
    // Every tool a choice points to exists.
    for (const tool of Object.values(tools)) {
      for (const property of Object.values(tool.inputSchema.properties ?? {}) as { description?: string }[]) {
        const named = /Choices: the (\w+) tool/.exec(property.description ?? '')?.[1];
        if (named) expect(tools[named], named).toBeDefined();
      }
    }
  });
});
