// The live-memory probe the load test relies on: it must see what a process keeps and not what it
// has merely not collected yet, including what a FinalizationRegistry holds until its cleanup runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_HEAP_NODE_OPTIONS, LiveHeapProbe } from './live-heap.js';

const MB = 1024 * 1024;

// A process that does, on each line of its standard input, one thing to its memory and then answers
// with its heap in use as it stands (uncollected garbage included).
const SUBJECT = `
const kept = [];
const actions = {
  // Objects that outlive a few scavenges (so they reach the old space) and are then dropped.
  garbage() {
    let batch = [];
    for (let i = 0; i < 400_000; i++) {
      batch.push({ i, text: 'x'.repeat(16) + i });
      if (batch.length === 50_000) batch = [];
    }
  },
  // Requests that follow a signal, as a simulator makes them: undici registers each with a
  // FinalizationRegistry whose held value keeps the signal and its listener until a cleanup task.
  requests() {
    for (let i = 0; i < 20_000; i++) {
      new Request('http://127.0.0.1:9/' + i, { signal: new AbortController().signal });
    }
  },
  // 16 MB still reachable.
  retain() {
    for (let i = 0; i < 16; i++) kept.push(Buffer.alloc(1024 * 1024, i));
    for (let i = 0; i < 100_000; i++) kept.push({ i, text: 'y'.repeat(64) + i });
  },
};
let input = '';
process.stdin.on('data', (chunk) => {
  input += chunk;
  for (let at; (at = input.indexOf('\\n')) >= 0; ) {
    const action = input.slice(0, at);
    input = input.slice(at + 1);
    actions[action]();
    process.stdout.write(JSON.stringify(process.memoryUsage().heapUsed) + '\\n');
  }
});
`;

let child: ChildProcess | undefined;
let probe: LiveHeapProbe | undefined;

afterEach(() => {
  probe?.close();
  child?.kill();
});

async function startSubject(): Promise<{ act(action: string): Promise<number> }> {
  const started = spawn(process.execPath, ['-e', SUBJECT], {
    env: { PATH: process.env.PATH, NODE_OPTIONS: LIVE_HEAP_NODE_OPTIONS },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child = started;
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    started.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.includes('Debugger listening on')) resolve();
    });
    started.on('exit', (code) => reject(new Error(`the subject exited (${code}): ${stderr}`)));
  });
  probe = await LiveHeapProbe.connect(stderr);
  const answers: ((heapUsed: number) => void)[] = [];
  createInterface({ input: started.stdout }).on('line', (line) => answers.shift()?.(Number(line)));
  return {
    act: (action) =>
      new Promise((resolve) => {
        answers.push(resolve);
        started.stdin.write(`${action}\n`);
      }),
  };
}

describe('live heap probe', () => {
  it('counts what a process keeps, not its garbage nor what waits for a finalization cleanup', async () => {
    const subject = await startSubject();
    // Once first, so that loading undici's fetch (the global Request is lazy) is not counted below.
    await subject.act('requests');
    const before = await probe!.measure();

    const uncollected = await subject.act('garbage');
    const afterGarbage = await probe!.measure();
    // The raw figure carries the garbage; the live one does not.
    expect(uncollected - before.heapUsed).toBeGreaterThan(4 * MB);
    expect(afterGarbage.heapUsed - before.heapUsed).toBeLessThan(MB);

    await subject.act('requests');
    const afterRequests = await probe!.measure();
    expect(afterRequests.heapUsed - afterGarbage.heapUsed).toBeLessThan(MB);

    await subject.act('retain');
    const afterRetain = await probe!.measure();
    expect(afterRetain.external - afterRequests.external).toBeGreaterThanOrEqual(16 * MB);
    expect(afterRetain.heapUsed - afterRequests.heapUsed).toBeGreaterThan(8 * MB);
  });
});
