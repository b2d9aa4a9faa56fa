/**
 * A connector's commands grouped by area (`refunds`, `comments`, `markdown`…): what an agent enables
 * together, what the CLI and the web UI fold under one heading. `core` is the reserved name of the
 * few commands a connector's users run most, offered to an agent before anything else.
 */
export interface Toolset {
  /** A heading in words, e.g. "Refunds". */
  title: string;
  /** One sentence: what the area is for. */
  description: string;
  /** The command keys in the area, in the order a person would look for them. */
  commands: string[];
}

/** The reserved toolset of a connector's most used commands. */
export const CORE_TOOLSET = 'core';

/**
 * Checks a connector's toolsets against its commands: names are lowercase words joined by `-`,
 * every listed command exists, and when toolsets are declared every command belongs to at least
 * one area besides `core` (so nothing is left out of a grouped list).
 */
export function checkToolsets(
  connectorId: string,
  toolsets: Record<string, Toolset> | undefined,
  commandKeys: readonly string[],
): void {
  if (!toolsets) return;
  const known = new Set(commandKeys);
  const grouped = new Set<string>();
  for (const [name, toolset] of Object.entries(toolsets)) {
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
      throw new Error(`${connectorId}: toolset name "${name}" must be lowercase words joined by "-"`);
    }
    for (const key of toolset.commands) {
      if (!known.has(key))
        throw new Error(`${connectorId}: toolset "${name}" lists unknown command "${key}"`);
      if (name !== CORE_TOOLSET) grouped.add(key);
    }
  }
  const missing = commandKeys.filter((key) => !grouped.has(key));
  if (missing.length > 0) {
    throw new Error(`${connectorId}: commands in no toolset: ${missing.join(', ')}`);
  }
}
