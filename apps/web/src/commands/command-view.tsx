import { SchemaForm } from '../form/schema-form';
import { hrefOf } from '../router';
import { ErrorPanel } from '../ui/error-panel';
import { CommandHeader } from './command-header';
import { ConnectionPicker } from './connection-picker';
import { RunControls } from './run-controls';
import { RunOutcome } from './run-outcome';
import { safetyOf } from './safety';
import { type CommandViewState, formId, useCommandView } from './use-command-view';

/** One command: its description, the connection to use, the form from its schema, and the result. */
export function CommandView({ commandId }: { commandId: string }) {
  const view = useCommandView(commandId);
  const { summary, detail, runs } = view;
  if (view.loadError) return <ErrorPanel error={view.loadError} />;
  if (!summary) {
    return (
      <div className="empty">
        <p>There is no command “{commandId}”.</p>
        <a href={hrefOf({ page: 'commands' })}>All commands</a>
      </div>
    );
  }
  return (
    <article className="command" aria-labelledby="command-title">
      <CommandHeader summary={summary} connectorTitle={view.connectorTitle} />
      <section className="card" aria-label="Parameters">
        <ConnectionPicker
          candidates={view.candidates}
          selected={view.connectionName}
          onSelect={view.setConnectionName}
          connectorTitle={view.connectorTitle}
        />
        <CommandForm view={view} />
      </section>
      {runs.outcome && detail && (
        <RunOutcome
          key={runs.outcome.id}
          outcome={runs.outcome}
          detail={detail}
          connection={view.connection}
          connectorTitle={view.connectorTitle}
          heading={runs.resultHeading}
        />
      )}
    </article>
  );
}

/** The form from the command's schema, with the run buttons under it (a legend says what is required). */
function CommandForm({ view }: { view: CommandViewState }) {
  const { detail, plan, runs } = view;
  if (!detail || !plan) {
    return (
      <p className="muted" role="status">
        Loading the form…
      </p>
    );
  }
  const parameterCount = Object.keys(plan.schema.properties ?? {}).length;
  return (
    <div>
      {parameterCount === 0 ? (
        <p className="muted">This command takes no parameters.</p>
      ) : (
        <p className="muted form-legend">
          <span className="field__required">*</span> required · Ctrl+Enter runs
        </p>
      )}
      <SchemaForm
        key={detail.id}
        id={formId}
        schema={plan.schema}
        uiSchema={plan.uiSchema}
        formData={view.formData}
        formContext={view.formContext}
        extraErrors={runs.extraErrors}
        disabled={Boolean(runs.running)}
        onChange={(data) => {
          view.setFormData(data);
          view.setConfirming(false);
        }}
        onSubmit={view.submit}
        onInvalid={(found) => {
          view.setProblems(found);
          view.setConfirming(false);
          // The result of an earlier run would read as the answer to this one.
          runs.clearOutcome();
        }}
      >
        <CommandRunControls view={view} />
      </SchemaForm>
    </div>
  );
}

/** The run buttons of a command's form, wired to its state. */
function CommandRunControls({ view }: { view: CommandViewState }) {
  const { summary, runs } = view;
  if (!summary) return null;
  return (
    <RunControls
      title={summary.title}
      target={view.connectionName ?? 'the default connection'}
      formId={formId}
      safety={safetyOf(summary.annotations)}
      readOnly={Boolean(summary.annotations.readOnly)}
      running={runs.running}
      elapsed={runs.elapsed}
      cancelled={runs.cancelled}
      confirming={view.confirming}
      problems={view.problems}
      onSubmitMode={(mode) => {
        view.submitMode.current = mode;
      }}
      onCancel={() => void runs.cancel()}
      onStopConfirming={() => view.setConfirming(false)}
      onReset={() => {
        view.setFormData({});
        runs.setExtraErrors(undefined);
        view.setProblems([]);
        view.setConfirming(false);
      }}
    />
  );
}
