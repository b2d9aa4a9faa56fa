import type { Connector } from '@c/core';
import { CORE_TOOLSET } from '@c/core/internal';

/** The area a command is listed under: its connector's declared toolset (not `core`). */
export interface CommandArea {
  /** The toolset's name in its connector (`refunds`). */
  id: string;
  /** A heading in words ("Refunds"). */
  title: string;
  /** One sentence: what the area is for. */
  description: string;
}

/**
 * A command's area: the first toolset its connector declares that lists it, `core` aside (the most
 * used commands are also in an area of their own). Undefined for a connector that declares none:
 * its commands are listed under the connector alone.
 */
export function commandArea(connector: Connector, key: string): CommandArea | undefined {
  for (const [id, toolset] of Object.entries(connector.toolsets ?? {})) {
    if (id !== CORE_TOOLSET && toolset.commands.includes(key)) {
      return { id, title: toolset.title, description: toolset.description };
    }
  }
  return undefined;
}

/** A connector's areas in the order it declares them, `core` aside. */
export function connectorAreas(connector: Connector): CommandArea[] {
  return Object.entries(connector.toolsets ?? {})
    .filter(([id]) => id !== CORE_TOOLSET)
    .map(([id, toolset]) => ({ id, title: toolset.title, description: toolset.description }));
}
