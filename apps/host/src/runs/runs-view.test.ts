import { defineCommand, defineConnector, NotFoundError } from '@c/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHost } from '../test-support/temp-host.js';
import { RunService } from './run-service.js';

// `c-host runs get` prints a run indented, as it always has, but from `viewJsonIndented`, which
// writes a result's list a stored piece at a time. Its text must be exactly what indenting the
// whole view at once gives, whatever the result's shape, and a big list must come in many pieces.

/** Results by name, returned as they are by the `shapes.result` command. */
const RESULTS: Record<string, unknown> = {
  // About 3 MiB of NDJSON: stored (and so printed) in several pieces; nested values test indentation.
  big: {
    object: 'list',
    data: Array.from({ length: 15_000 }, (_, index) => ({
      id: `item_${index}`,
      tags: ['a', { deep: [index, null, 'line\nbreak'] }],
      empty: {},
      none: [],
      text: 'x'.repeat(150),
    })),
    has_more: false,
    page: { next: null, sizes: [1, 2] },
  },
  array: [{ id: 1, nested: { list: [1, 2] } }, 'two', 3, null, []],
  empty: { count: 0, results: [] },
  noList: { id: 'rec_1', tags: ['a', 'b'], owner: { name: 'Ada' } },
  scalar: 'just text',
};

const shapes = defineConnector({
  id: 'shapes',
  title: 'Shapes',
  description: 'Results of every shape, for the run view tests.',
  credentials: (z) => z.object({ apiKey: z.string().meta({ title: 'API Key', description: 'Any' }) }),
  options: (z) => z.object({}),
  auth: { type: 'apiKey' },
  commands: {
    result: defineCommand({
      key: 'result',
      title: 'Result',
      description: 'Returns the named result.',
      input: (z) => z.object({ name: z.string().meta({ title: 'Name', description: 'Which result' }) }),
      annotations: { readOnly: true },
      async run(input) {
        if (!Object.hasOwn(RESULTS, input.name)) throw new NotFoundError(`No result "${input.name}"`);
        return RESULTS[input.name];
      },
    }),
  },
  createContext: () => ({ close: async () => {} }),
});

let host: Awaited<ReturnType<typeof tempHost>>;
let runs: RunService;
/** The run of each result (and of `missing`, which fails), run once for all the tests. */
const ids = new Map<string, string>();

beforeAll(async () => {
  host = await tempHost([shapes]);
  await host.connections.create(
    { name: 'main', connector: 'shapes', credentials: { apiKey: 'k' }, options: {} },
    { verify: false },
  );
  runs = await RunService.open(host, { work: true });
  for (const name of [...Object.keys(RESULTS), 'missing']) {
    ids.set(name, (await runs.submit({ command: 'shapes.result', input: { name } })).id);
  }
  await runs.idle();
});

afterAll(async () => {
  await runs.stop();
  await host.cleanup();
});

const runOf = (name: string) => runs.get(ids.get(name)!);

async function collect(pieces: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
}

describe('a run view, indented a piece at a time', () => {
  it.each(Object.keys(RESULTS))('is exactly the whole view indented, for the %s result', async (name) => {
    const run = await runOf(name);
    expect(run.status).toBe('succeeded');
    const whole = JSON.parse((await collect(runs.viewJson(run))).join(''));
    expect(whole.result).toEqual(RESULTS[name]);
    const indented = (await collect(runs.viewJsonIndented(run))).join('');
    expect(indented).toBe(JSON.stringify(whole, null, 2));
  });

  it('never makes a big list into one string: each piece is a stored piece of it', async () => {
    const run = await runOf('big');
    const pieces = await collect(runs.viewJsonIndented(run));
    const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
    expect(total).toBeGreaterThan(2 * 1024 * 1024);
    expect(pieces.length).toBeGreaterThan(3);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(total / 2);
  });

  it('shows a failed run with its error and result null', async () => {
    const run = await runOf('missing');
    expect(run.status).toBe('failed');
    const whole = JSON.parse((await collect(runs.viewJson(run))).join(''));
    expect(whole).toMatchObject({ result: null, error: { kind: 'not_found' } });
    expect((await collect(runs.viewJsonIndented(run))).join('')).toBe(JSON.stringify(whole, null, 2));
  });
});
