// `c-host list`: about 200 commands, folded by area on a terminal (as the web's list is), one area,
// one connector or a search unfolded; JSON for scripts, every command with its area.
import type { CommandSummary } from '../views.js';
import { selfCommand } from './context.js';
import { renderTable } from './table.js';
import { safetyWords, type TerminalOptions } from './terminal.js';

/** One row of the folded list: an area of a connector, or a connector that declares none. */
interface Fold {
  /** What to pass to `c-host list` for its commands: `payments.refunds`, or `docs`. */
  name: string;
  title: string;
  commands: CommandSummary[];
}

/** The areas in the order the host lists the commands; a connector without areas is one fold. */
export function foldsOf(commands: CommandSummary[], connectorTitles: Record<string, string>): Fold[] {
  const folds = new Map<string, Fold>();
  for (const command of commands) {
    const name = command.area ? `${command.connector}.${command.area.id}` : command.connector;
    const title = command.area
      ? `${connectorTitles[command.connector] ?? command.connector} · ${command.area.title}`
      : (connectorTitles[command.connector] ?? command.connector);
    const fold = folds.get(name) ?? { name, title, commands: [] };
    fold.commands.push(command);
    folds.set(name, fold);
  }
  return [...folds.values()];
}

/**
 * The commands a `c-host list <query>` names: a connector's (`payments`), an area's
 * (`payments.refunds`), else those whose title, id, area, connector or description hold every word.
 */
export function selectCommands(
  commands: CommandSummary[],
  query: string,
  connectorTitles: Record<string, string>,
): CommandSummary[] {
  const trimmed = query.trim().toLowerCase();
  const connector = commands.filter((command) => command.connector === trimmed);
  if (connector.length > 0) return connector;
  const area = commands.filter((command) => `${command.connector}.${command.area?.id}` === trimmed);
  if (area.length > 0) return area;
  const words = trimmed.split(/\s+/).filter(Boolean);
  return commands.filter((command) => {
    const text =
      `${command.title} ${command.id} ${command.description} ${command.area?.title ?? ''} ${connectorTitles[command.connector] ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The folded list: one line per area with its count and first commands, and how to unfold. */
export function foldedTable(folds: Fold[], options: TerminalOptions): string {
  const { text } = renderTable(
    ['AREA', 'TITLE', 'COMMANDS'],
    folds.map((fold) => [
      fold.name,
      fold.title,
      `${fold.commands.length}: ${fold.commands.map((command) => command.key).join(', ')}`,
    ]),
    { width: options.width, bold: options.colour },
  );
  const count = folds.reduce((sum, fold) => sum + fold.commands.length, 0);
  const cli = selfCommand();
  return `${text}\n${count} commands in ${folds.length} areas. One area's: ${cli} list <area>; a search: ${cli} list <words>; all: ${cli} list --all.\n`;
}

/** Commands unfolded: one line each, with its area and what it may change. */
export function commandsTable(commands: CommandSummary[], options: TerminalOptions, query?: string): string {
  if (commands.length === 0) {
    return `No command matches "${query ?? ''}". The areas: ${selfCommand()} list.\n`;
  }
  const { text } = renderTable(
    ['COMMAND', 'TITLE', 'AREA', 'EFFECT'],
    commands.map((command) => [
      command.id,
      command.title,
      command.area?.title ?? '',
      safetyWords(command.annotations),
    ]),
    { width: options.width, bold: options.colour },
  );
  return `${text}\n${commands.length} ${commands.length === 1 ? 'command' : 'commands'}. Parameters of one: ${selfCommand()} describe <command>. As JSON: --json.\n`;
}
