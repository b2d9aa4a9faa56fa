import type { ErrorSchema } from '@rjsf/utils';
import type { FormPlan } from '../commands/form-plan';
import { SchemaForm } from '../form/schema-form';
import type { ConnectorInfo } from '../types';

/**
 * The masked credentials form of a connector (checked by the host on save), its options under
 * "Advanced options", and the way back to OAuth when the connector has it.
 */
export function CredentialsForm({
  formId,
  connector,
  credentialForm,
  optionsForm,
  credentials,
  onCredentials,
  options,
  onOptions,
  errors,
  busy,
  replacing,
  onSave,
  onInvalid,
  onUseOAuth,
  onCancel,
}: {
  formId: string;
  connector: ConnectorInfo;
  credentialForm: FormPlan;
  optionsForm: FormPlan | undefined;
  credentials: Record<string, unknown>;
  onCredentials: (data: Record<string, unknown>) => void;
  options: Record<string, unknown>;
  onOptions: (data: Record<string, unknown>) => void;
  /** The host's errors about the credentials, by field. */
  errors: ErrorSchema | undefined;
  busy: boolean;
  replacing: boolean;
  onSave: (data: Record<string, unknown>) => void;
  onInvalid: () => void;
  /** Present when OAuth can run for this connector. */
  onUseOAuth?: (() => void) | undefined;
  onCancel: () => void;
}) {
  return (
    <SchemaForm
      key={connector.id}
      id={`${formId}-credentials`}
      schema={credentialForm.schema}
      uiSchema={credentialForm.uiSchema}
      formData={credentials}
      extraErrors={errors}
      disabled={busy}
      onChange={onCredentials}
      onSubmit={onSave}
      onInvalid={onInvalid}
    >
      <AdvancedOptions
        formId={formId}
        form={optionsForm}
        options={options}
        onOptions={onOptions}
        busy={busy}
      />
      <CredentialsButtons busy={busy} replacing={replacing} onUseOAuth={onUseOAuth} onCancel={onCancel} />
    </SchemaForm>
  );
}

/** A connector's options (a base URL, a region), folded under "Advanced options" when it has any. */
function AdvancedOptions({
  formId,
  form,
  options,
  onOptions,
  busy,
}: {
  formId: string;
  form: FormPlan | undefined;
  options: Record<string, unknown>;
  onOptions: (data: Record<string, unknown>) => void;
  busy: boolean;
}) {
  if (!form || Object.keys(form.schema.properties ?? {}).length === 0) return null;
  return (
    <details className="advanced">
      <summary>Advanced options</summary>
      <SchemaForm
        id={`${formId}-options`}
        tagName="div"
        schema={form.schema}
        uiSchema={form.uiSchema}
        formData={options}
        disabled={busy}
        onChange={onOptions}
        onSubmit={() => undefined}
      >
        {null}
      </SchemaForm>
    </details>
  );
}

/** Save (checked by the host), the way back to OAuth when there is one, and Cancel. */
function CredentialsButtons({
  busy,
  replacing,
  onUseOAuth,
  onCancel,
}: {
  busy: boolean;
  replacing: boolean;
  onUseOAuth?: (() => void) | undefined;
  onCancel: () => void;
}) {
  return (
    <div className="button-row">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Checking…' : replacing ? 'Replace and check' : 'Save and check'}
      </button>
      {onUseOAuth && (
        <button type="button" className="button" onClick={onUseOAuth}>
          Use OAuth instead
        </button>
      )}
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
