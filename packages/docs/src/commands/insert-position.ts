import type { Zod } from '@c/core';
import type { z } from 'zod';

// Where Insert Table and Insert Image put what they insert: an index, or the end of the tab.

/** The Index and At End parameters. */
export const positionParameters = (z: Zod, what: string) => ({
  index: z
    .number()
    .int()
    .min(1)
    .optional()
    .meta({
      title: 'Index',
      description: `Where to put the ${what}: an index in the tab (1 is the start), e.g. from Fetch Document Content. Leave it empty to add it at the end.`,
    }),
  atEnd: z
    .boolean()
    .optional()
    .meta({
      title: 'At End',
      description: `Add the ${what} at the end of the tab (what happens when no index is given).`,
    }),
});

/** The one rule between them, for `.superRefine`: `atEnd` goes without `index`. */
export function refinePosition(
  input: { index?: number | undefined; atEnd?: boolean | undefined },
  ctx: z.RefinementCtx,
): void {
  if (input.index !== undefined && input.atEnd === true) {
    ctx.addIssue({ code: 'custom', path: ['atEnd'], message: 'goes without index: give one of the two' });
  }
}
