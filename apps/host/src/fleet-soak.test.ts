// The fleet soak, short (issue 32): three `c-host serve` on one PostgreSQL behind nginx, under mixed
// load (keyed writes, reads, async runs, signed webhook deliveries to a deliverTo), through a
// database restart, an instance killed with SIGKILL and a provider outage. Nothing acknowledged may
// be lost or duplicated, and every instance must be up at the end. `pnpm bench run soak` runs it for
// ten minutes. PostgreSQL and nginx come from Debian's packages: without them this skips locally
// and fails in CI.
import { afterAll, describe, expect, it } from 'vitest';
import { nginxMissing } from './test-support/nginx.js';
import { postgresForTests } from './test-support/postgres.js';
import { runSoak, soakRows } from './test-support/soak.js';

const missing = nginxMissing();
const postgres = missing ? undefined : await postgresForTests();
const cluster = postgres?.available ? postgres.postgres : undefined;
/** Long enough for each disruption to fall under load, short enough for CI. */
const SOAK_MS = 60_000;

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

describe.skipIf(!cluster)(
  'the fleet soak: mixed load through a database restart, a kill and a provider outage',
  () => {
    it('loses and duplicates nothing acknowledged, and every instance is up at the end', async () => {
      const report = await runSoak(cluster!, SOAK_MS);
      const rows = soakRows(report);
      const width = Math.max(...rows.map(([measure]) => measure!.length));
      process.stdout.write(
        `\nfleet soak (${SOAK_MS / 1000} s of load)\n${rows.map(([m, v]) => `  ${m!.padEnd(width)}  ${v}`).join('\n')}\n`,
      );
      expect(report.lost).toEqual([]);
      expect(report.duplicated).toEqual([]);
      expect(report.allRunning).toBe(true);
      // Work went through in every lane, before and after the disruptions.
      for (const kind of ['keyed write', 'read', 'async run', 'webhook']) {
        expect(report.acknowledged[kind] ?? 0, kind).toBeGreaterThan(20);
      }
      expect(report.deliveries.delivered).toBe(report.deliveries.acknowledged);
      // The outage and the restart show as retryable answers, never as a crash's internal error.
      expect(report.errors.internal ?? 0).toBe(0);
    }, 300_000);
  },
);
