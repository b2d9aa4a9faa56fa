import { describe, expect, it } from 'vitest';
import { importCycles, sourceRoots, typescriptFiles } from './source-files.js';

// STYLE.md: no import cycles. A cycle makes the order modules load in matter, hides which layer
// owns what, and is the first thing a newcomer trips over. Reproduce with:
//   pnpm exec vitest run tests/hardening/src/structure

/**
 * Cycles that were there when this check came, in packages whose owners are reshaping them
 * (issue 24): each is listed whole, so a new file joining one fails as a new cycle does. A
 * cycle broken since can leave the list (nothing fails while it is still listed).
 */
const KNOWN: readonly (readonly string[])[] = [
  // The docs simulator's Drive and Docs resources share its state (packages/docs, simulator).
  [
    'packages/docs/src/testing/google-access.ts',
    'packages/docs/src/testing/google-docs-batch-update.ts',
    'packages/docs/src/testing/google-docs-render.ts',
    'packages/docs/src/testing/google-drive-changes.ts',
    'packages/docs/src/testing/google-drive-common.ts',
    'packages/docs/src/testing/google-drive-files.ts',
    'packages/docs/src/testing/google-drive-import.ts',
    'packages/docs/src/testing/google-drive-permissions.ts',
    'packages/docs/src/testing/google-drive-query.ts',
    'packages/docs/src/testing/google-state.ts',
  ],
  // The Linear simulator's resolvers and its workspace (packages/issues, simulator).
  [
    'packages/issues/src/testing/linear-comments.ts',
    'packages/issues/src/testing/linear-issues.ts',
    'packages/issues/src/testing/linear-labels.ts',
    'packages/issues/src/testing/linear-projects.ts',
    'packages/issues/src/testing/linear-reactions.ts',
    'packages/issues/src/testing/linear-views.ts',
    'packages/issues/src/testing/linear-webhooks.ts',
    'packages/issues/src/testing/linear-workspace.ts',
  ],
  // The Stripe simulator's products and prices (packages/payments, simulator).
  [
    'packages/payments/src/testing/resources/prices.ts',
    'packages/payments/src/testing/resources/products.ts',
  ],
  // The store's shared test suites (apps/host/src/store, being split by role).
  ['apps/host/src/store/store-suite.ts', 'apps/host/src/store/trigger-store-suite.ts'],
];

const allowed = (cycle: readonly string[]) =>
  KNOWN.some((known) => cycle.every((file) => known.includes(file)));

describe('import cycles', () => {
  for (const root of sourceRoots()) {
    it(`${root} has none but the known ones`, () => {
      const cycles = importCycles(typescriptFiles(root));
      expect(cycles.filter((cycle) => !allowed(cycle))).toEqual([]);
    });
  }

  it('finds a cycle when there is one (the check can fail)', () => {
    expect(importCycles(typescriptFiles('packages/payments/src/testing/resources'))).toContainEqual([
      'packages/payments/src/testing/resources/prices.ts',
      'packages/payments/src/testing/resources/products.ts',
    ]);
  });
});
