import { CLI_ACTOR, currentActor } from '../observability/request-context.js';
import type { HostStore } from '../store/host-store.js';
import type { RunRecord } from '../store/run-store.js';

/**
 * The audit entries of async runs that the pipeline cannot write itself: a cancel (`run.cancel`,
 * by whoever asked), and a write whose worker died mid-run (`command.run` with the outcome
 * `unknown`, by whoever submitted it), which an operator must check at the provider. What it
 * records has happened: a store that cannot take the entry must not turn it into a failure, so the
 * miss is a warning instead.
 */
export async function auditRun(
  store: Pick<HostStore, 'audit'>,
  run: RunRecord,
  what: 'cancel' | 'unknown',
): Promise<void> {
  const entry =
    what === 'cancel'
      ? { actor: currentActor(), action: 'run.cancel', target: run.id, outcome: 'ok' }
      : { actor: run.actor ?? CLI_ACTOR, action: 'command.run', target: run.command, outcome: 'unknown' };
  await store.audit.appendAudit({ at: new Date(), ...entry, connection: run.connection }).catch(() => {
    process.emitWarning(`c-host could not write an audit entry for ${entry.action} of run ${run.id}`);
  });
}
