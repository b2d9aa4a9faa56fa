import { ValidationError } from '@c/core';
import { CORE_TOOLSET } from '@c/core/internal';
import type { RegisteredCommand, Registry } from '../registry.js';

/** The word that selects every toolset of every connector (`--toolsets all`). */
export const ALL_TOOLSETS = 'all';
/**
 * The word that selects each connector's `core` toolset and turns discovery on (the default): the
 * other commands stay reachable through the discovery tools.
 */
export const CORE_TOOLSETS = CORE_TOOLSET;

/** One toolset as the host offers it: a connector's declared area under a qualified id. */
export interface HostToolset {
  /** `<connector>.<name>` (`payments.refunds`), or the connector's id for its only toolset. */
  readonly id: string;
  readonly connectorId: string;
  /** The name the connector declared (`refunds`), or the connector's id when it declares none. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The qualified ids of its commands (`payments.createRefund`). */
  readonly commands: readonly string[];
}

/**
 * Every connector's toolsets, in declaration order. A connector that declares none has one,
 * named after it, holding all its commands, so that every command can be selected by toolset.
 */
export function toolsetsOf(registry: Registry): HostToolset[] {
  return registry.connectors().flatMap((connector) => {
    const declared = Object.entries(connector.toolsets ?? {});
    if (declared.length === 0) {
      return [
        {
          id: connector.id,
          connectorId: connector.id,
          name: connector.id,
          title: connector.title,
          description: `Every command of ${connector.title}.`,
          commands: connector.list.map((command) => `${connector.id}.${command.key}`),
        },
      ];
    }
    return declared.map(([name, toolset]) => ({
      id: `${connector.id}.${name}`,
      connectorId: connector.id,
      name,
      title: toolset.title,
      description: toolset.description,
      commands: toolset.commands.map((key) => `${connector.id}.${key}`),
    }));
  });
}

/**
 * The toolsets a selection names: `all`, a toolset's id (`payments.refunds`), or a connector's id
 * (all its toolsets). A name that selects nothing is a `ValidationError` on `toolsets`, with the
 * known ids, so that a typo never quietly serves fewer tools.
 */
export function resolveToolsets(registry: Registry, names: readonly string[]): HostToolset[] {
  const known = toolsetsOf(registry);
  if (names.includes(ALL_TOOLSETS)) return known;
  const chosen = new Set<HostToolset>();
  const unknown: string[] = [];
  for (const name of names) {
    const matches =
      name === CORE_TOOLSETS
        ? coreToolsets(known)
        : known.filter((toolset) => toolset.id === name || toolset.connectorId === name);
    if (matches.length === 0) unknown.push(name);
    for (const toolset of matches) chosen.add(toolset);
  }
  if (unknown.length > 0) {
    throw new ValidationError(
      `Invalid parameter "toolsets": ${unknown.map((name) => `"${name}"`).join(', ')} names no toolset (known: ${ALL_TOOLSETS}, ${CORE_TOOLSETS}, ${known.map((toolset) => toolset.id).join(', ')})`,
      { parameter: 'toolsets', details: { unknownToolsets: unknown } },
    );
  }
  return [...chosen];
}

/**
 * Each connector's `core` toolset; a connector that declares none offers its only toolset, so that
 * its commands are not hidden behind discovery.
 */
function coreToolsets(known: readonly HostToolset[]): HostToolset[] {
  return known.filter((toolset) => toolset.name === CORE_TOOLSET || toolset.id === toolset.connectorId);
}

/**
 * The toolsets a server lists first: those its options name, else `core` (discovery) when no
 * `--tools` is given, else `all` (a `--tools` list alone keeps meaning exactly those tools).
 */
export function toolsetsOption(options: {
  tools?: unknown;
  toolsets?: readonly string[] | undefined;
}): string[] {
  return options.toolsets
    ? [...options.toolsets]
    : options.tools === undefined
      ? [CORE_TOOLSETS]
      : [ALL_TOOLSETS];
}

/**
 * Whether the server runs in discovery mode: it lists each connector's core toolset and offers the
 * discovery tools, through which every other command of the selection can be described, enabled
 * for the session or run by id.
 */
export function discovers(options: { tools?: unknown; toolsets?: readonly string[] | undefined }): boolean {
  return toolsetsOption(options).includes(CORE_TOOLSETS);
}

/** The commands of the toolsets a selection names, in registry order. */
export function commandsInToolsets(registry: Registry, names: readonly string[]): RegisteredCommand[] {
  const ids = new Set(resolveToolsets(registry, names).flatMap((toolset) => toolset.commands));
  return registry.commands().filter((entry) => ids.has(entry.id));
}

/** Reads `--toolsets a,b` or `?toolsets=a&toolsets=b`; an empty list is a `ValidationError`. */
export function parseToolsets(raw: string | string[] | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const names = (Array.isArray(raw) ? raw : [raw])
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (names.length === 0) {
    throw new ValidationError(
      `Invalid parameter "toolsets": give toolset ids, comma-separated (${ALL_TOOLSETS}, ${CORE_TOOLSETS}, <connector>, <connector>.<toolset>)`,
      { parameter: 'toolsets' },
    );
  }
  return names;
}
