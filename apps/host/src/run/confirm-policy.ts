// No imports: the web UI's bundle takes this file (`@c/host/confirm-policy`) without the rest of the
// host, so that the CLI, MCP and the web ask before the same runs, in the same words.

/** The hints the rule reads: a command's annotations. */
export interface ConfirmHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
}

/** Who runs a command, and what the surface it comes through can do. */
export interface ConfirmSituation {
  /**
   * `person`: someone at the CLI or in the web UI, or a script of theirs (they typed the command);
   * `agent`: a model calling an MCP tool, which decides what to run on its own.
   */
  caller: 'person' | 'agent';
  /** The person can be asked now: a terminal, the web UI's button, an MCP client with elicitation. */
  canAsk: boolean;
  /**
   * The person allowed such runs beforehand: the CLI's `--yes`; for an agent whose client cannot
   * ask, a server started with `--allow-destructive` or a toolset their own configuration names.
   */
  allowed?: boolean | undefined;
  /** A dry run sends nothing: there is nothing to confirm. */
  dryRun?: boolean | undefined;
}

/**
 * How much is at stake: `changes` changes existing data, but repeating it does no more than once
 * (an update, an archive); `destructive` may delete, overwrite or move money, and a repeat may do
 * more.
 */
export type ConfirmLevel = 'changes' | 'destructive';

/** What a surface does before a run: run it, ask the person first, or refuse to run it. */
export type Confirmation =
  | { action: 'run' }
  | { action: 'ask'; level: ConfirmLevel }
  | { action: 'refuse'; level: ConfirmLevel };

/**
 * The one rule of confirmation before harm, for every surface. A command that changes or deletes
 * existing data or moves money (its annotations say `destructive`: money-moving commands are
 * annotated so) is asked about first when the person can be asked, unless it is a dry run or the
 * person said yes beforehand at the surface (`--yes`). An agent's client that can ask always asks:
 * what the person allowed at start (`--allow-destructive`, a toolset their configuration names) is
 * for clients that cannot. When nobody can be asked, a person's own script runs it (they typed the
 * command), and an agent runs it only when the person allowed it; otherwise it is refused.
 */
export function confirmationFor(hints: ConfirmHints, situation: ConfirmSituation): Confirmation {
  if (hints.readOnly || !hints.destructive || situation.dryRun) return { action: 'run' };
  const person = situation.caller === 'person';
  if (person && situation.allowed) return { action: 'run' };
  const level: ConfirmLevel = hints.idempotent ? 'changes' : 'destructive';
  if (situation.canAsk) return { action: 'ask', level };
  return person || situation.allowed ? { action: 'run' } : { action: 'refuse', level };
}

/**
 * What a run at this level may do, in the words every surface shows; `target` is the connection as
 * the surface writes it (the CLI quotes it, the web UI does not).
 */
export function confirmRisk(level: ConfirmLevel, title: string, target: string): string {
  return level === 'changes'
    ? `${title} changes existing data on ${target}.`
    : `${title} may delete or overwrite data on ${target}, and running it again may do more.`;
}

/** The question a person is asked (the CLI's prompt, the MCP client's), ending in "Run it?". */
export function confirmQuestion(level: ConfirmLevel, title: string, target: string): string {
  return `${confirmRisk(level, title, target)} Run it?`;
}
