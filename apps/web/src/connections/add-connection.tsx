import { useId } from 'react';
import { ErrorPanel } from '../ui/error-panel';
import { ConnectionIdentity } from './connection-identity';
import { CredentialsForm } from './credentials-form';
import { oauthNote } from './oauth';
import { OAuthConnect } from './oauth-connect';
import { type AddConnectionProps, useAddConnection } from './use-add-connection';

type Adding = ReturnType<typeof useAddConnection>;

/**
 * Adds a connection: a masked credentials form for API-key and Basic connectors (checked by the host
 * on save), or Connect in a pop-up for OAuth ones. With `replacing`, it swaps the credentials of an
 * existing connection (removed first, then saved again under the same name).
 */
export function AddConnection(props: AddConnectionProps) {
  const { replacing } = props;
  const formId = useId().replaceAll(':', '');
  const adding = useAddConnection(props);
  const { host, draft, error, oauthFailed } = adding;
  return (
    <section className="card add-connection" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>
        {replacing ? `Replace the credentials of ${replacing}` : 'Add a connection'}
      </h2>
      <ConnectionIdentity
        formId={formId}
        connectors={host.connectors}
        connector={draft.connector}
        connectorId={draft.connectorId}
        onConnector={adding.chooseConnector}
        name={draft.name}
        nameError={draft.nameError}
        onName={(value) => {
          draft.setName(value);
          draft.setNameTouched(true);
        }}
        replacing={replacing}
        isDefault={draft.isDefault}
        onDefault={draft.setIsDefault}
      />
      <HowToConnect formId={formId} adding={adding} props={props} />
      {error && <ErrorPanel error={error} />}
      {oauthFailed && !oauthFailed.ok && (
        <p className="notice notice--warn" role="status">
          {oauthNote(oauthFailed, draft.connector?.title ?? draft.connectorId)}
        </p>
      )}
    </section>
  );
}

/** Connect through OAuth, or the credentials form (when the connector takes keys or OAuth is off). */
function HowToConnect({
  formId,
  adding,
  props,
}: {
  formId: string;
  adding: Adding;
  props: AddConnectionProps;
}) {
  const { draft, busy } = adding;
  const { connector, credentialForm } = draft;
  if (!connector) return null;
  const isOAuth = connector.auth.type === 'oauth2';
  const canOAuth = isOAuth && connector.oauthConfigured !== false;
  const typing = !isOAuth || draft.useKey || !canOAuth;
  if (!typing) {
    return (
      <OAuthConnect
        connector={connector}
        busy={busy}
        canUseKey={Boolean(credentialForm)}
        onConnect={adding.connect}
        onUseKey={() => draft.setUseKey(true)}
        onCancel={props.onCancel}
      />
    );
  }
  if (!credentialForm) {
    return (
      <p className="muted">
        {connector.title} can only be connected through OAuth, which this host has not been configured for.
      </p>
    );
  }
  return (
    <>
      {isOAuth && !canOAuth && (
        <p className="muted">OAuth is not configured on this host; connect with a key instead.</p>
      )}
      <CredentialsForm
        formId={formId}
        connector={connector}
        credentialForm={credentialForm}
        optionsForm={draft.optionsForm}
        credentials={draft.credentials}
        onCredentials={draft.setCredentials}
        options={draft.options}
        onOptions={draft.setOptions}
        errors={adding.credentialErrors}
        busy={busy}
        replacing={Boolean(props.replacing)}
        onSave={adding.save}
        // The name is outside this form: say what is wrong with it too, not only the keys.
        onInvalid={() => draft.checkName()}
        onUseOAuth={isOAuth && canOAuth ? () => draft.setUseKey(false) : undefined}
        onCancel={props.onCancel}
      />
    </>
  );
}
