/** The edit distance of two strings (insert, delete, replace, and swapping two neighbours). */
function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const cost: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < columns; j += 1) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1, cost[i - 1]![j - 1]! + same);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, cost[i - 2]![j - 2]! + 1);
      }
      cost[i]![j] = best;
    }
  }
  return cost[a.length]![b.length]!;
}

/**
 * The known names closest to what was typed, best first (at most three): a typo of a few letters,
 * another letter case, or a command key without its connector (`deleteIssue` for
 * `issues.deleteIssue`). Empty when nothing is close enough to be a plausible meaning.
 */
export function closestNames(typed: string, known: Iterable<string>): string[] {
  const wanted = typed.toLowerCase();
  // Up to a third of the letters wrong, at least 2: `getCustmers` yes, `list` for `test` no.
  const allowed = Math.max(2, Math.floor(wanted.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of known) {
    const lower = name.toLowerCase();
    const tail = lower.slice(lower.indexOf('.') + 1);
    const score = Math.min(
      distance(wanted, lower),
      // A bare key against the key part of a qualified id costs one (the missing connector).
      lower.includes('.') && !wanted.includes('.') ? distance(wanted, tail) + 1 : Number.POSITIVE_INFINITY,
    );
    if (score <= allowed) scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  // Only the near-best: one clear match is not drowned by names that merely share a word.
  const best = scored[0]?.score ?? 0;
  return scored
    .filter((entry) => entry.score <= best + 1)
    .slice(0, 3)
    .map((entry) => entry.name);
}

/** ` Did you mean "a" or "b"?` for a message, or nothing when there is no suggestion. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((name) => `"${name}"`);
  const last = quoted.pop()!;
  return ` Did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?`;
}
