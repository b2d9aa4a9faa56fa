import { describe, expect, it } from 'vitest';
import { importCycles, sourceRoots, typescriptFiles } from './source-files.js';

// STYLE.md: no import cycles. A cycle makes the order modules load in matter, hides which layer
// owns what, and is the first thing a newcomer trips over. Reproduce with:
//   pnpm exec vitest run tests/hardening/src/structure

describe('import cycles', () => {
  for (const root of sourceRoots()) {
    it(`${root} has none, simulators and tests included`, () => {
      expect(importCycles(typescriptFiles(root))).toEqual([]);
    });
  }

  it('finds a cycle when there is one (the check can fail)', () => {
    expect(importCycles(typescriptFiles('tests/hardening/src/structure/fixtures/cycle'))).toEqual([
      [
        'tests/hardening/src/structure/fixtures/cycle/left.ts',
        'tests/hardening/src/structure/fixtures/cycle/right.ts',
      ],
    ]);
  });
});
