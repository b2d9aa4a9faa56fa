import { confirmationFor } from '@c/host/confirm-policy';
import type { CommandAnnotations } from '../types';

/**
 * What running a command can do, read from its annotations (the MCP hints): it only reads; it adds
 * data; it changes existing data but running it twice does no more than once (updates, archiving);
 * or it is destructive (deletes, overwrites in ways a repeat makes worse, free-form custom calls).
 */
export type Safety = 'read' | 'adds' | 'changes' | 'destructive';

/** The safety level of a command's annotations. */
export function safetyOf(annotations: CommandAnnotations): Safety {
  if (annotations.readOnly) return 'read';
  if (!annotations.destructive) return 'adds';
  return annotations.idempotent ? 'changes' : 'destructive';
}

/** Words for each level: the badge, the legend and the confirmation use the same ones. */
export const safetyText: Record<Safety, { label: string; hint: string }> = {
  read: { label: 'Read-only', hint: 'Only reads; changes nothing.' },
  adds: { label: 'Adds data', hint: 'Creates or sends new data; existing data is left as it is.' },
  changes: {
    label: 'Changes data',
    hint: 'Changes existing data; running it again with the same input changes nothing more.',
  },
  destructive: {
    label: 'Destructive',
    hint: 'May delete or overwrite existing data, and running it again may do more.',
  },
};

/**
 * Whether Run asks "are you sure?" first: the host's one rule of confirmation (the CLI's prompt and
 * MCP's elicitation follow it too), for a person who can always be asked here.
 */
export function needsConfirmation(annotations: CommandAnnotations): boolean {
  return confirmationFor(annotations, { caller: 'person', canAsk: true }).action === 'ask';
}
