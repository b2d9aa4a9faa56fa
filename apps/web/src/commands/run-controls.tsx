import { confirmRisk } from '@c/host/confirm-policy';
import { type FieldProblem, fieldElement } from '../form/error-summary';
import type { Safety } from './safety';
import type { Running } from './use-run';

/** Which submit button sent the form: Run, or Run in background. */
export type SubmitMode = 'now' | 'background';

/** What the buttons under a command's form show and do. */
interface RunControlsProps {
  title: string;
  /** The connection it runs on, in words. */
  target: string;
  formId: string;
  safety: Safety;
  readOnly: boolean;
  running: Running | undefined;
  elapsed: number;
  cancelled: string | undefined;
  confirming: boolean;
  problems: FieldProblem[];
  onSubmitMode: (mode: SubmitMode) => void;
  /** Cancels the run going (on the host, for a background run). */
  onCancel: () => void;
  onStopConfirming: () => void;
  onReset: () => void;
}

/**
 * The buttons under a command's form (Run, Run in background, Cancel, Reset), the confirmation a
 * change asks for, the fields a run is waiting on, and the progress line of a run going.
 */
export function RunControls({
  title,
  target,
  formId,
  safety,
  readOnly,
  running,
  elapsed,
  cancelled,
  confirming,
  problems,
  onSubmitMode,
  onCancel,
  onStopConfirming,
  onReset,
}: RunControlsProps) {
  return (
    <>
      <div className="button-row run-row">
        <button
          type="submit"
          className={`button ${confirming && safety === 'destructive' ? 'button--danger' : 'button--primary'}`}
          disabled={Boolean(running)}
          onClick={() => onSubmitMode('now')}
        >
          {running && !running.inBackground ? 'Running…' : confirming ? `Yes, run ${title}` : 'Run'}
        </button>
        {/* A read can run as long as it needs on the host, whatever happens to this page. */}
        {readOnly && !confirming && (
          <button
            type="submit"
            className="button"
            disabled={Boolean(running)}
            title="The host runs it on its own; this page follows its progress."
            onClick={() => onSubmitMode('background')}
          >
            {running?.inBackground ? 'Running in background…' : 'Run in background'}
          </button>
        )}
        {running && (
          <button type="button" className="button" disabled={running.canceling} onClick={onCancel}>
            {running.canceling ? 'Canceling…' : 'Cancel run'}
          </button>
        )}
        {confirming && (
          <button type="button" className="button button--quiet" onClick={onStopConfirming}>
            Cancel
          </button>
        )}
        <button type="button" className="button button--quiet" disabled={Boolean(running)} onClick={onReset}>
          Reset
        </button>
      </div>
      <RunStatus
        formId={formId}
        title={title}
        target={target}
        safety={safety}
        confirming={confirming}
        problems={problems}
      />
      <RunProgress title={title} target={target} running={running} elapsed={elapsed} cancelled={cancelled} />
    </>
  );
}

/** What a run waits on: the confirmation a change asks for, or the fields to fix first. */
function RunStatus({
  formId,
  title,
  target,
  safety,
  confirming,
  problems,
}: {
  formId: string;
  title: string;
  target: string;
  safety: Safety;
  confirming: boolean;
  problems: FieldProblem[];
}) {
  return (
    <div aria-live="assertive" className="run-row__status">
      {confirming && (
        <p className={`notice ${safety === 'destructive' ? 'notice--error' : 'notice--warn'}`}>
          {confirmRisk(safety === 'destructive' ? 'destructive' : 'changes', title, target)} Press “Yes, run{' '}
          {title}” to go ahead.
        </p>
      )}
      {problems.length > 0 && <ProblemList formId={formId} problems={problems} />}
    </div>
  );
}

/** The progress line of a run going, here or in the background, and why the last one stopped. */
function RunProgress({
  title,
  target,
  running,
  elapsed,
  cancelled,
}: {
  title: string;
  target: string;
  running: Running | undefined;
  elapsed: number;
  cancelled: string | undefined;
}) {
  const background = running?.background;
  return (
    <div className="run-progress" role="status">
      {running && !running.inBackground && (
        <p className="muted">
          Running {title} on {target}… <span aria-hidden="true">{elapsed} s</span>
        </p>
      )}
      {running?.inBackground && (
        <p className="muted">
          {background
            ? `Run ${background.id} of ${title} on ${target}: ${background.status}${
                background.progress ? ` · ${background.progress}` : ''
              }…`
            : `Starting ${title} in the background on ${target}…`}{' '}
          <span aria-hidden="true">{elapsed} s</span>
        </p>
      )}
      {cancelled && <p className="notice notice--warn">{cancelled}</p>}
    </div>
  );
}

/** The fields a run waits on, each a button that moves to its field. */
function ProblemList({ formId, problems }: { formId: string; problems: FieldProblem[] }) {
  return (
    <div className="notice notice--error error-summary">
      <p>
        {problems.length === 1 ? 'One field needs' : `${problems.length} fields need`} attention before this
        can run:
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={problem.path.join('.')}>
            <button
              type="button"
              className="link-button"
              onClick={() => fieldElement(formId, problem.path)?.focus()}
            >
              {problem.label}
            </button>
            : {problem.messages.join(' ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
