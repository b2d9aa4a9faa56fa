import { useMemo, useState } from 'react';
import { useHostData } from '../host-data';
import { hrefOf } from '../router';
import type { CommandSummary } from '../types';

/** Keeps the commands whose title, id, description or connector match every typed word. */
export function searchCommands(
  commands: CommandSummary[],
  query: string,
  connectorTitles: Record<string, string>,
) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  return commands.filter((command) => {
    const text =
      `${command.title} ${command.id} ${command.description} ${connectorTitles[command.connector] ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The searchable list of commands, grouped by connector. */
export function CommandList({ selected }: { selected?: string | undefined }) {
  const host = useHostData();
  const [query, setQuery] = useState('');
  const titles = useMemo(
    () => Object.fromEntries(host.connectors.map((connector) => [connector.id, connector.title])),
    [host.connectors],
  );
  const found = useMemo(() => searchCommands(host.commands, query, titles), [host.commands, query, titles]);
  const groups = useMemo(() => {
    const byConnector = new Map<string, CommandSummary[]>();
    for (const command of found) {
      const list = byConnector.get(command.connector) ?? [];
      list.push(command);
      byConnector.set(command.connector, list);
    }
    return [...byConnector.entries()];
  }, [found]);

  return (
    <nav className="command-list" aria-label="Commands">
      <div className="command-list__search">
        <label htmlFor="command-search" className="sr-only">
          Search commands
        </label>
        <input
          id="command-search"
          type="search"
          placeholder="Search commands"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby="command-search-count"
        />
        <p id="command-search-count" className="sr-only" aria-live="polite">
          {found.length} {found.length === 1 ? 'command' : 'commands'}
        </p>
      </div>
      {groups.length === 0 && <p className="empty">No command matches “{query}”.</p>}
      {groups.map(([connector, commands]) => (
        <section key={connector} className="command-list__group" aria-labelledby={`group-${connector}`}>
          <h2 id={`group-${connector}`} className="command-list__connector">
            {titles[connector] ?? connector}
          </h2>
          <ul>
            {commands.map((command) => (
              <li key={command.id}>
                <a
                  className="command-list__item"
                  href={hrefOf({ page: 'commands', commandId: command.id })}
                  aria-current={command.id === selected ? 'page' : undefined}
                >
                  <span className="command-list__title">{command.title}</span>
                  {command.annotations.destructive && (
                    <span className="dot dot--danger" title="Destructive">
                      <span className="sr-only"> (destructive)</span>
                    </span>
                  )}
                  {!command.annotations.readOnly && !command.annotations.destructive && (
                    <span className="dot dot--write" title="Changes data">
                      <span className="sr-only"> (changes data)</span>
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
