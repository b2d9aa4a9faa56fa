import type { BarFields } from '@c/core';

/** One set of bars: the records of one group, in order. */
interface BarSet {
  group: string | undefined;
  /** Each bar; `position` counts from 1 within the set. */
  bars: { position: number; label: string; value: number; rate: number | undefined }[];
}

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * The records of a `bars` view in sets (one per group value, in the order they come), each bar
 * its label, value and rate; records without a numeric value are left out. `undefined` when none.
 */
export function toBarSets(rows: Record<string, unknown>[], fields: BarFields): BarSet[] | undefined {
  const sets = new Map<string, BarSet>();
  for (const row of rows) {
    const value = row[fields.value];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const group = fields.group && row[fields.group] != null ? String(row[fields.group]) : undefined;
    const key = group ?? '';
    let set = sets.get(key);
    if (!set) {
      set = { group, bars: [] };
      sets.set(key, set);
    }
    const rate = fields.rate ? row[fields.rate] : undefined;
    set.bars.push({
      position: set.bars.length + 1,
      label: String(row[fields.label] ?? ''),
      value,
      rate: typeof rate === 'number' && Number.isFinite(rate) ? rate : undefined,
    });
  }
  return sets.size > 0 ? [...sets.values()] : undefined;
}

/**
 * Steps as horizontal bars, each as long as its value against the largest of its set, with its
 * value and rate in words beside it (so the bars read without colour or a chart library).
 */
export function StepBars({ sets, valueName }: { sets: BarSet[]; valueName: string }) {
  return (
    <div className="step-bars">
      {sets.map((set) => {
        const largest = Math.max(...set.bars.map((bar) => bar.value), 1);
        return (
          <figure className="step-bars__set" key={set.group ?? ''}>
            {set.group !== undefined ? <figcaption>{set.group}</figcaption> : null}
            <ol>
              {set.bars.map((bar) => (
                <li key={bar.position} className="step-bars__step">
                  <span className="step-bars__label">
                    {bar.position}. {bar.label}
                  </span>
                  <span className="step-bars__track" aria-hidden="true">
                    <span
                      className="step-bars__bar"
                      style={{ width: `${Math.max((bar.value / largest) * 100, bar.value > 0 ? 1 : 0)}%` }}
                    />
                  </span>
                  <span className="step-bars__value">
                    {count.format(bar.value)} {valueName}
                    {bar.rate !== undefined ? ` · ${percent.format(bar.rate)}%` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </figure>
        );
      })}
    </div>
  );
}
