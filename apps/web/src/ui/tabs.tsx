import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/** One tab: its label and content. */
export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern: one tab stop, arrow keys (and Home/End) move between tabs and
 * select them, the panel follows.
 */
export function Tabs({
  label,
  items,
  selected,
  onSelect,
}: {
  label: string;
  items: TabItem[];
  selected: string;
  onSelect(id: string): void;
}) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const current = items.find((item) => item.id === selected) ?? items[0];

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length];
    if (!next) return;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  }

  if (!current) return null;
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              if (element) refs.current.set(item.id, element);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-selected={item.id === current.id}
            aria-controls={`${base}-panel-${item.id}`}
            tabIndex={item.id === current.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(item.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.id}`}
        aria-labelledby={`${base}-tab-${current.id}`}
        className="tabs__panel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tab pattern makes a panel without focusable content reachable
        tabIndex={0}
      >
        {current.content}
      </div>
    </div>
  );
}
