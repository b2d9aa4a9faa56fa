import { describe, expect, it } from 'vitest';
import { fileLines, longFunctions, MAX_FILE_LINES, MAX_FUNCTION_LINES } from './sizes.js';
import { isTestFile, typescriptFiles } from './source-files.js';

// STYLE.md: no production file over 400 lines, no function over 80 (React components included).
// Checked for the host, the web UI and the packages' production code; simulators (`testing/`) are
// excepted from the file limit by the style guide and left to their packages' owners here.

/** Production files: no tests, no test helpers, no simulators. */
const production = (root: string) =>
  typescriptFiles(root).filter((file) => !isTestFile(file) && !/\/testing\//.test(file));

const ROOTS = [
  'apps/host/src',
  'apps/web/src',
  'packages/core/src',
  'packages/payments/src',
  'packages/analytics/src',
  'packages/issues/src',
  'packages/docs/src',
];

/**
 * Files and functions over the limits that others own and are reshaping in parallel (issue 24);
 * each leaves the list when it is split. A file or function not listed fails.
 */
const STILL_LONG = new Set([
  // The store is being split by role (worktree `hoststore`).
  'apps/host/src/store/connection-store.ts',
  'apps/host/src/store/postgres-store.ts',
  'apps/host/src/store/sqlite-store.ts',
  // Core's connector and HTTP client belong to the performance work.
  'packages/core/src/connector.ts',
  'packages/core/src/connector.ts:defineConnector',
  'packages/core/src/connector.ts:connect',
  'packages/core/src/http/http-client.ts',
  'packages/core/src/http/http-client.ts:request',
  'packages/core/src/http/http-client.ts:#attempt',
  'packages/core/src/auth/oauth2-auth.ts:oauth2Auth',
  // The connectors' own, with their owners.
  'packages/analytics/src/analytics-ingestion.ts',
  'packages/analytics/src/analytics-ingestion.ts:ingestEvents',
  'packages/analytics/src/commands/event-segmentation.ts:input',
  'packages/issues/src/issues-schemas.ts:build',
  'packages/payments/src/payments-schemas.ts',
]);

describe('sizes', () => {
  for (const root of ROOTS) {
    it(`${root}: no file over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES}`, () => {
      const offenders: string[] = [];
      for (const file of production(root)) {
        const lines = fileLines(file);
        if (lines > MAX_FILE_LINES && !STILL_LONG.has(file)) offenders.push(`${file}: ${lines} lines`);
        for (const long of longFunctions(file)) {
          if (!STILL_LONG.has(`${file}:${long.name}`)) {
            offenders.push(`${file}:${long.line} ${long.name}: ${long.lines} lines`);
          }
        }
      }
      expect(offenders).toEqual([]);
    });
  }

  it('finds a long function when there is one (the check can fail)', () => {
    expect(longFunctions('apps/host/src/runs/run-service.ts', 10).length).toBeGreaterThan(0);
  });
});
