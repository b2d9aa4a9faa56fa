import { issuesSimulator, LINEAR_SEED, type RunningIssuesSimulator } from '@c/issues/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-host.js';
import { runInTerminal } from '../test-support/terminal.js';

// The prompts of `c-host run` on a terminal offer a parameter's choices from its connector's lookup,
// listed on the connection through the ordinary run path, against the Linear simulator.

let linear: RunningIssuesSimulator;
const dir = tempDir();
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  linear = await issuesSimulator.start({ seed: true, contracts: false });
  env = { C_HOST_DATA_DIR: dir.path, C_ISSUES_API_KEY: linear.apiKey, C_ISSUES_BASE_URL: linear.url };
});
afterAll(async () => {
  await linear.close();
  dir.remove();
});
beforeEach(() => {
  linear.server.reset();
  linear.server.clearFaults();
});

const UP = '\u001b[A';
const design = LINEAR_SEED.teams.des;
/** The GraphQL operations the simulator received, by name, in order. */
const operations = () =>
  linear.server.calls.map(
    (call) =>
      /^\s*(?:query|mutation)\s+(\w+)/.exec(String((call.bodyJson as { query?: string })?.query))?.[1],
  );
const issueTitled = (title: string) =>
  [...linear.workspace.issues.values()].find((issue) => issue.title === title);

describe('c-host run prompts with lookups', () => {
  it("offers the teams, then the chosen team's workflow states, and creates the issue with the picks", async () => {
    const run = await runInTerminal(['run', 'issues.createIssue'], {
      env,
      answers: [
        // Up to the way out at the top (the list's order is the provider's), then typing the first
        // letters of a name moves to it; Enter once the list shows it chosen.
        { when: /Team Id[\s\S]*Type another value[\s\S]*❯ \w+ · [A-Z]+/, keys: UP },
        { when: /❯ Type another value/, keys: 'des' },
        { when: /❯ Design · DES/, keys: '\r' },
        { when: /Title/, keys: 'Picked from lists\r' },
        // The optional state is offered after the team it depends on (Enter would leave it unset).
        { when: /Status Id[\s\S]*Leave unset[\s\S]*Type another value[\s\S]*Todo · unstarted/, keys: 'todo' },
        { when: /❯ Todo · unstarted/, keys: '\r' },
      ],
    });
    expect(run.code, run.screen).toBe(0);
    for (const team of ['Engineering · ENG', 'Design · DES', 'Operations · OPS'])
      expect(run.screen).toContain(team);
    expect(run.screen).toMatch(/✔ Team Id .*\n?.* Design\n/);
    const order = ['Team Id', 'Title', 'Status Id'].map((title) => run.screen.indexOf(`? ${title}`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const issue = issueTitled('Picked from lists');
    expect(issue).toMatchObject({ teamId: design.id, stateId: design.states.todo });
    // The team list (nothing typed: the first teams), then the states and the open cycles of the team
    // picked (the cycle left unset), then the create.
    expect(operations()).toEqual(['Teams', 'TeamStates', 'TeamCycles', 'CreateIssue']);
    const states = linear.server.calls[1]?.bodyJson as { variables?: { id?: string } };
    expect(states.variables?.id).toBe(design.id);
  }, 60_000);

  it('takes another value typed by hand, then lists the states of that issue', async () => {
    const [first] = [...linear.workspace.issues.values()];
    const run = await runInTerminal(['run', 'issues.updateIssue'], {
      env,
      answers: [
        // The way to type an id sits at the top, above a list longer than a page.
        { when: /Issue Id[\s\S]*Type another value[\s\S]*ENG-\d/, keys: 'type' },
        { when: /❯ Type another value/, keys: '\r' },
        { when: /✔ Issue Id.*another value[\s\S]*\? Issue Id/, keys: `${first!.id}\r` },
        { when: /Status Id[\s\S]*Type another value[\s\S]*Done · completed/, keys: 'done' },
        { when: /❯ Done · completed/, keys: '\r' },
        // The optional cycle is offered too: Enter leaves it unset.
        { when: /Cycle Id[\s\S]*❯ Leave unset/, keys: '\r' },
        { when: /Run it\?/, keys: 'y\r' },
      ],
    });
    expect(run.code, run.screen).toBe(0);
    const team = Object.values(LINEAR_SEED.teams).find((seeded) => seeded.id === first!.teamId)!;
    expect(linear.workspace.issues.get(first!.id)?.stateId).toBe(team.states.done);
    expect(operations().slice(0, 2)).toEqual(['SearchIssues', 'IssueStates']);
  }, 60_000);

  it('says in one line that a list failed: a required id is typed instead, an optional one left unset', async () => {
    const unavailable = (what: string) => ({
      type: 'status' as const,
      status: 400,
      body: JSON.stringify({
        errors: [{ message: `${what} are unavailable`, extensions: { code: 'INVALID_INPUT' } }],
      }),
      match: (call: { bodyText: string }) =>
        call.bodyText.includes(`query ${what === 'teams' ? 'Teams' : 'TeamStates'}`),
    });
    linear.server.fault(unavailable('teams'));
    linear.server.fault(unavailable('states'));
    const run = await runInTerminal(['run', 'issues.createIssue'], {
      env,
      answers: [
        { when: /Team Id/, keys: `${design.id}\r` },
        { when: /Title/, keys: 'Typed by hand\r' },
      ],
    });
    expect(run.code, run.screen).toBe(0);
    const notes = run.screen.split('\n').filter((line) => line.includes('Could not list'));
    expect(notes).toEqual([
      expect.stringMatching(/^Could not list the teams \(.*teams are unavailable.*\): type the value\.$/),
      expect.stringMatching(
        /^Could not list the workflow states \(.*states are unavailable.*\): statusId is left unset\.$/,
      ),
    ]);
    expect(run.screen).not.toMatch(/\? Status Id/);
    expect(run.screen).not.toContain(linear.apiKey);
    expect(issueTitled('Typed by hand')).toMatchObject({ teamId: design.id, stateId: design.states.backlog });
  }, 60_000);

  it('lists nothing and asks nothing without a terminal or with --no-prompt', async () => {
    const script = await runCli(
      ['run', 'issues.createIssue', '-p', `teamId=${design.id}`, '-p', 'title=From a script'],
      {
        env,
      },
    );
    expect(script.code, script.stderr).toBe(0);
    expect(script.stderr).toBe('');
    expect(operations()).toEqual(['CreateIssue']);

    const missing = await runCli(['run', 'issues.createIssue'], { env });
    expect(missing.code).toBe(2);
    expect(missing.error).toMatchObject({ kind: 'validation', parameter: 'teamId' });

    const noPrompt = await runInTerminal(['run', 'issues.createIssue', '--no-prompt'], { env });
    expect(noPrompt.code).toBe(2);
    expect(noPrompt.screen).not.toMatch(/Listing|Team Id \(/);
    expect(operations()).toHaveLength(1);

    // A dry run sends nothing, not even the reads that would list choices: the id is typed.
    const dry = await runInTerminal(['run', 'issues.createIssue', '--dry-run'], {
      env,
      answers: [
        { when: /Team Id/, keys: `${design.id}\r` },
        { when: /Title/, keys: 'Not sent\r' },
      ],
    });
    expect(dry.code, dry.screen).toBe(0);
    expect(dry.screen).not.toMatch(/Listing|Type another value|Status Id/);
    expect(dry.screen).toContain('"dryRun": true');
    expect(operations()).toHaveLength(1);

    // A connection that does not exist is said before any question, not after them all.
    const unknown = await runInTerminal(['run', 'issues.createIssue', '--connection', 'nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.screen).toContain('there is no connection named "nope"');
    expect(unknown.screen).not.toMatch(/Listing|\? Team Id/);
    expect(operations()).toHaveLength(1);
  }, 60_000);
});
