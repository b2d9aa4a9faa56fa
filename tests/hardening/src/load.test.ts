// The host under load: `c-host serve --sandbox` as a child process, 64 concurrent clients running a mix
// of read commands of the four connectors through `POST /api/commands/:id/run` for C_LOAD_SECONDS
// (default 60). Asserts no error response and no growth of the host's live memory after warm-up;
// prints p50/p99 per command, runs per second and the resident set. Speed itself is reported, not asserted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { type HostBuild, hostCommand, startHost } from './host-process.js';
import { LIVE_HEAP_NODE_OPTIONS, LiveHeapProbe } from './live-heap.js';
import { formatTable } from './report-table.js';

const CLIENTS = 64;
const SECONDS = Number(process.env.C_LOAD_SECONDS ?? 60);
/**
 * How much the host's live memory (its heap and external memory after a full collection, see
 * `LiveHeapProbe`) may grow under steady load once warm. Per run: the slope of every sample from the
 * warm window on against the runs done, which is what a leak adds with each run however few runs a
 * busy machine gets through, held to `bytesPerRun` (or, over few runs, to `noise` in all). As a
 * whole: the last third's median against the warm window's, for a step that no slope would show.
 */
// The resident set, which this compared until 2026-11-24, follows V8's heap sizing rather than what
// the host keeps: the sandbox's simulators in the same process (msw clones each request, undici
// registers each Request that follows a signal with a FinalizationRegistry) push promoted garbage
// into the old space, which V8 let grow to about 220 MB before its first full collection took it
// back to 71 MB, the pages staying resident (about 460 MB). Where the warm window fell on that climb
// decided the check (later on a busy machine): CI saw +39 to +112 MB and failed 2 of 4 runs at 1.15.
// A heap snapshot diff over 10,000 more runs found nothing kept (-0.5 MB). Live, in 7 runs at 87 to
// 398 runs/s beside other suites (load average 5 to 19): -42 to +52 B per run over 4,700 to 18,900
// runs, window medians within 0.9 MB of each other (68 to 73 MB). The old per-request leak injected
// (1.7 KB kept per run): 1,750 to 1,826 B per run in 3 runs at 59 to 245 runs/s; at 59 runs/s its
// medians moved only 3.5 MB, inside 1.15 and even 1.05, hence the bound per run.
const LIVE_GROWTH = { bytesPerRun: 1024, noise: 2 * 1024 * 1024, ratio: 1.15 };
/** The pause between two measurements of the live memory (each two or three full collections). */
const LIVE_PAUSE_MS = (SECONDS * 1000) / 20;

const build: HostBuild = process.env.C_HARDENING_HOST === 'source' ? 'source' : 'dist';
const missing = (() => {
  const command = hostCommand(build);
  return 'missing' in command ? command.missing : undefined;
})();

/** The resident set of a process, from /proc (Linux). */
function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Set while the host's memory still grows under load, with the reason: that test then runs as
 * `it.fails`, turns red once fixed, and this goes back to undefined.
 */
const MEMORY_GAP: string | undefined = undefined;

/** What the load run measured of the host's live memory, for the memory check that follows it. */
let measured: { warm: number[]; late: number[]; growth: { bytesPerRun: number; runs: number } } | undefined;

const skip = missing !== undefined && !process.env.CI;
const note = missing ? ` (skipped: ${missing})` : '';

describe('host under load', () => {
  it.skipIf(skip)(
    `${CLIENTS} clients for ${SECONDS} s: no error response${note}`,
    async () => {
      if (missing) throw new Error(`the load test needs the host: ${missing}`);
      if (!existsProc()) throw new Error('the load test reads the host memory from /proc (Linux only)');
      const dataDir = mkdtempSync(join(tmpdir(), 'c-host-load-'));
      const host = await startHost(build, {
        dataDir,
        sandbox: true,
        env: { NODE_OPTIONS: LIVE_HEAP_NODE_OPTIONS },
      });
      let heapProbe: LiveHeapProbe | undefined;
      const dispatcher = new Agent({ connections: CLIENTS, pipelining: 1 });
      const headers = { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' };
      const run = async (id: string, input: unknown) => {
        const response = await request(`${host.url}/api/commands/${id}/run`, {
          method: 'POST',
          dispatcher,
          headers,
          body: JSON.stringify({ input }),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: response.statusCode, text: await response.body.text() };
      };
      try {
        heapProbe = await LiveHeapProbe.connect(host.stderr());
        const liveHeap = heapProbe;
        // Ids to read come from the sandbox itself, through the API.
        const found = await run('docs.searchDocuments', { name: 'meeting' });
        expect(found.status, found.text).toBe(200);
        const documentId = (JSON.parse(found.text) as { result: { files: { id: string }[] } }).result
          .files[0]!.id;
        const mix: { id: string; input: unknown }[] = [
          { id: 'payments.getCustomers', input: { limit: 3 } },
          { id: 'payments.getProductById', input: { productId: 'prod_SeedPro' } },
          { id: 'payments.getPlans', input: { active: true } },
          { id: 'analytics.activeAndNewUserCounts', input: { start: '20261101', end: '20261107' } },
          { id: 'analytics.behavioralCohorts', input: {} },
          { id: 'analytics.getChartResults', input: { chartId: 'sbx4k2m' } },
          { id: 'issues.searchIssues', input: { filter: {}, limit: 5 } },
          { id: 'issues.getIssueByIdentifier', input: { identifier: 'ENG-1' } },
          { id: 'issues.searchTeams', input: { name: 'eng' } },
        ];
        // The sandbox holds Google to its per-user quotas (Docs reads 300 a minute, Drive requests
        // 12,000 a minute), as a real deployment must: docs commands run paced, at half of each.
        const paced = [
          { id: 'docs.fetchDocumentContent', input: { documentId }, perSecond: 2.5, loops: 1 },
          { id: 'docs.searchDocuments', input: { name: 'meeting' }, perSecond: 100, loops: 4 },
        ];
        const commands = [...mix, ...paced];
        for (const { id, input } of commands) {
          const probe = await run(id, input);
          expect(probe.status, `${id}: ${probe.text.slice(0, 300)}`).toBe(200);
        }

        const latencies = new Map<string, number[]>(commands.map(({ id }) => [id, []]));
        const errors: string[] = [];
        const rss: { at: number; bytes: number }[] = [];
        const live: { at: number; runs: number; bytes: number }[] = [];
        let runs = 0;
        const started = performance.now();
        const deadline = started + SECONDS * 1000;
        const sampler = setInterval(() => {
          const bytes = rssOf(host.pid);
          if (bytes !== undefined) rss.push({ at: (performance.now() - started) / 1000, bytes });
        }, 250);
        const measureLive = async () => {
          const at = (performance.now() - started) / 1000;
          const done = runs;
          const { heapUsed, external } = await liveHeap.measure();
          live.push({ at, runs: done, bytes: heapUsed + external });
        };
        // One after the other, a pause apart: a measurement slowed by the load delays the next
        // rather than being skipped, so every window gets its samples.
        const liveSampler = (async () => {
          while (performance.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, LIVE_PAUSE_MS));
            if (performance.now() < deadline) await measureLive();
          }
        })();
        const timed = async (id: string, input: unknown) => {
          const t0 = performance.now();
          try {
            const answer = await run(id, input);
            if (answer.status === 200) latencies.get(id)!.push(performance.now() - t0);
            else errors.push(`${id} → ${answer.status} ${answer.text.slice(0, 200)}`);
          } catch (error) {
            errors.push(`${id} → ${(error as Error).name}: ${(error as Error).message}`);
          }
          runs += 1;
        };
        let next = 0;
        const client = async () => {
          while (performance.now() < deadline) {
            const { id, input } = mix[next++ % mix.length]!;
            await timed(id, input);
          }
        };
        const pacedClient = async ({ id, input, perSecond, loops }: (typeof paced)[number]) => {
          for (let tick = 1; performance.now() < deadline; tick += 1) {
            await timed(id, input);
            const wait = started + (tick * 1000 * loops) / perSecond - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          }
        };
        const pacedLoops = paced.flatMap((entry) => Array.from({ length: entry.loops }, () => entry));
        await Promise.all([
          ...Array.from({ length: CLIENTS - pacedLoops.length }, client),
          ...pacedLoops.map(pacedClient),
        ]);
        clearInterval(sampler);
        const elapsed = (performance.now() - started) / 1000;
        await liveSampler;
        await measureLive();

        const all = [...latencies.values()].flat().sort((a, b) => a - b);
        const rows = commands.map(({ id }) => {
          const sorted = latencies.get(id)!.sort((a, b) => a - b);
          return [id, sorted.length, percentile(sorted, 50).toFixed(1), percentile(sorted, 99).toFixed(1)];
        });
        rows.push(['all', all.length, percentile(all, 50).toFixed(1), percentile(all, 99).toFixed(1)]);
        const inWarm = ({ at }: { at: number }) => at >= SECONDS / 6 && at < SECONDS / 3;
        const inLate = ({ at }: { at: number }) => at >= (SECONDS * 2) / 3;
        const warm = live.filter(inWarm);
        const late = live.filter(inLate);
        const growth = growthPerRun(live.filter(({ at }) => at >= SECONDS / 6));
        measured = { warm: warm.map(({ bytes }) => bytes), late: late.map(({ bytes }) => bytes), growth };
        const allowed = median(measured.warm) * LIVE_GROWTH.ratio;
        const rssWarm = rss.filter(inWarm).map(({ bytes }) => bytes);
        const rssLate = rss.filter(inLate).map(({ bytes }) => bytes);
        const warmLabel = `warm (${(SECONDS / 6).toFixed(0)}-${(SECONDS / 3).toFixed(0)} s)`;
        const lateLabel = `last third (${((SECONDS * 2) / 3).toFixed(0)}-${SECONDS} s)`;
        console.log(
          formatTable(
            `c-host (${build}) under load: ${CLIENTS} clients, ${elapsed.toFixed(1)} s, ${(all.length / elapsed).toFixed(0)} runs/s, ${errors.length} errors`,
            ['command', 'runs', 'p50 ms', 'p99 ms'],
            rows,
          ),
        );
        console.log(
          formatTable(
            `c-host memory: live (heap and external after a full collection), resident set (reported only, lowered by those collections); live growth ${growth.bytesPerRun.toFixed(0)} B per run over ${growth.runs} runs (allowed ${allowedPerRun(growth.runs).toFixed(0)})`,
            ['window', 'live samples', 'live median', 'resident median', 'resident max'],
            [
              [
                warmLabel,
                warm.length,
                mb(median(measured.warm)),
                mb(median(rssWarm)),
                mb(Math.max(...rssWarm)),
              ],
              [
                lateLabel,
                late.length,
                mb(median(measured.late)),
                mb(median(rssLate)),
                mb(Math.max(...rssLate)),
              ],
              ['allowed live median', '', mb(allowed), '', ''],
            ],
          ),
        );
        expect(errors.slice(0, 10), `${errors.length} error responses`).toEqual([]);
      } finally {
        heapProbe?.close();
        await dispatcher.close();
        await host.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    (SECONDS + 120) * 1000,
  );

  (MEMORY_GAP ? it.fails : it)(
    `no growth of the host's live memory after warm-up${MEMORY_GAP ? ` (known gap: ${MEMORY_GAP})` : ''}${note}`,
    (context) => {
      if (skip) {
        context.skip();
        return;
      }
      expect(measured, 'the load run did not finish').toBeDefined();
      const { warm, late, growth } = measured!;
      expect(warm.length).toBeGreaterThan(0);
      expect(late.length).toBeGreaterThan(0);
      const { bytesPerRun, runs } = growth;
      expect(bytesPerRun, `live memory kept per run over ${runs} runs after warm-up`).toBeLessThanOrEqual(
        allowedPerRun(runs),
      );
      // Medians, so one sample taken while many clients are mid-request moves nothing.
      expect(
        median(late),
        'median live memory of the last third against the warm window',
      ).toBeLessThanOrEqual(median(warm) * LIVE_GROWTH.ratio);
    },
  );
});

/** The live growth per run allowed over `runs` runs: `bytesPerRun`, or `noise` in all over few runs. */
function allowedPerRun(runs: number): number {
  return Math.max(LIVE_GROWTH.bytesPerRun, LIVE_GROWTH.noise / Math.max(runs, 1));
}

/**
 * The live memory's growth per run: the least-squares slope of the samples against the runs done
 * when each was taken, and how many runs they span.
 */
function growthPerRun(samples: { runs: number; bytes: number }[]): { bytesPerRun: number; runs: number } {
  const n = samples.length;
  const meanRuns = samples.reduce((sum, { runs }) => sum + runs, 0) / n;
  const meanBytes = samples.reduce((sum, { bytes }) => sum + bytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { runs, bytes } of samples) {
    covariance += (runs - meanRuns) * (bytes - meanBytes);
    variance += (runs - meanRuns) ** 2;
  }
  const spanned = n === 0 ? 0 : samples[n - 1]!.runs - samples[0]!.runs;
  return { bytesPerRun: variance > 0 ? covariance / variance : 0, runs: spanned };
}

function existsProc(): boolean {
  try {
    readFileSync('/proc/self/status');
    return true;
  } catch {
    return false;
  }
}
