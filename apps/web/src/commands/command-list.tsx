import { useMemo, useState } from 'react';
import { useHostData } from '../host-data';
import { hrefOf } from '../router';
import type { CommandSummary } from '../types';
import { type Safety, safetyOf, safetyText } from './safety';

/** The levels that get a dot in the list (read-only commands get none). */
const dotted: Safety[] = ['adds', 'changes', 'destructive'];

function SafetyDot({ safety }: { safety: Safety }) {
  return <span className={`dot dot--${safety}`} aria-hidden="true" />;
}

/** Keeps the commands whose title, id, description, area or connector match every typed word. */
export function searchCommands(
  commands: CommandSummary[],
  query: string,
  connectorTitles: Record<string, string>,
) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return commands;
  return commands.filter((command) => {
    const text =
      `${command.title} ${command.id} ${command.description} ${command.area?.title ?? ''} ${connectorTitles[command.connector] ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** One connector's commands: by area in the order the host lists them, and those in none. */
interface ConnectorGroup {
  connector: string;
  areas: { id: string; title: string; commands: CommandSummary[] }[];
  loose: CommandSummary[];
}

/** The commands by connector, then by area (a connector that declares no areas has only `loose`). */
export function groupCommands(commands: CommandSummary[]): ConnectorGroup[] {
  const groups = new Map<string, ConnectorGroup>();
  for (const command of commands) {
    let group = groups.get(command.connector);
    if (!group) {
      group = { connector: command.connector, areas: [], loose: [] };
      groups.set(command.connector, group);
    }
    if (!command.area) {
      group.loose.push(command);
      continue;
    }
    const { id, title } = command.area;
    let area = group.areas.find((entry) => entry.id === id);
    if (!area) {
      area = { id, title, commands: [] };
      group.areas.push(area);
    }
    area.commands.push(command);
  }
  return [...groups.values()];
}

function CommandLinks({ commands, selected }: { commands: CommandSummary[]; selected?: string | undefined }) {
  return (
    <ul>
      {commands.map((command) => {
        const safety = safetyOf(command.annotations);
        return (
          <li key={command.id}>
            <a
              className="command-list__item"
              href={hrefOf({ page: 'commands', commandId: command.id })}
              aria-current={command.id === selected ? 'page' : undefined}
              title={safety === 'read' ? undefined : safetyText[safety].label}
            >
              <span className="command-list__title">{command.title}</span>
              {safety !== 'read' && (
                <>
                  <SafetyDot safety={safety} />
                  <span className="sr-only"> ({safetyText[safety].label.toLowerCase()})</span>
                </>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The searchable list of commands, grouped by connector and, where the connector declares areas,
 * folded by area: about 200 commands stay findable. A search opens every area it finds a command
 * in; the open command's area starts open.
 */
export function CommandList({ selected }: { selected?: string | undefined }) {
  const host = useHostData();
  const [query, setQuery] = useState('');
  const titles = useMemo(
    () => Object.fromEntries(host.connectors.map((connector) => [connector.id, connector.title])),
    [host.connectors],
  );
  const found = useMemo(() => searchCommands(host.commands, query, titles), [host.commands, query, titles]);
  const groups = useMemo(() => groupCommands(found), [found]);
  const searching = query.trim() !== '';

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
      <ul className="safety-legend" aria-label="What the dots mean">
        {dotted.map((safety) => (
          <li key={safety} title={safetyText[safety].hint}>
            <SafetyDot safety={safety} />
            {safetyText[safety].label}
          </li>
        ))}
        <li title={safetyText.read.hint}>no dot: {safetyText.read.label.toLowerCase()}</li>
      </ul>
      {groups.length === 0 && <p className="empty">No command matches “{query}”.</p>}
      {groups.map(({ connector, areas, loose }) => (
        <section key={connector} className="command-list__group" aria-labelledby={`group-${connector}`}>
          <h2 id={`group-${connector}`} className="command-list__connector">
            {titles[connector] ?? connector}
          </h2>
          {areas.map((area) => (
            <details
              // Remounted when a search starts or ends, so it opens for a search and folds again after.
              key={`${area.id}-${searching}`}
              className="command-list__area"
              open={searching || area.commands.some((command) => command.id === selected)}
            >
              <summary>
                <span>{area.title}</span>
                <span className="command-list__count">{area.commands.length}</span>
              </summary>
              <CommandLinks commands={area.commands} selected={selected} />
            </details>
          ))}
          {loose.length > 0 && <CommandLinks commands={loose} selected={selected} />}
        </section>
      ))}
    </nav>
  );
}
