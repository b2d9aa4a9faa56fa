import { type FormEvent, useId, useState } from 'react';
import { ApiError, api } from '../api';

/** Accepts a bare token or the whole sign-in link that `c-host serve` printed. */
export function tokenFrom(text: string): string {
  const trimmed = text.trim();
  const match = /[?&]token=([^&#\s]+)/.exec(trimmed);
  return match?.[1] ? decodeURIComponent(match[1]) : trimmed;
}

/** The screen shown when the host answers 401: exchanges the access token for a session cookie. */
export function SignIn({ onSignedIn }: { onSignedIn(): void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = tokenFrom(token);
    if (!value) {
      setError('Enter the access token.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await api.signIn(value);
      onSignedIn();
    } catch (cause) {
      setError(
        cause instanceof ApiError && cause.status === 401
          ? 'That token was not accepted. Check it and try again.'
          : cause instanceof Error
            ? cause.message
            : String(cause),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="sign-in">
      <form className="card sign-in__card" onSubmit={submit} noValidate>
        <h1>Sign in to c-host</h1>
        <p className="muted">
          Open the link that <code>c-host serve</code> printed, or paste the access token (
          <code>C_HOST_TOKEN</code>) here.
        </p>
        <div className="field">
          <label htmlFor={fieldId}>Access token</label>
          <input
            id={fieldId}
            type="password"
            autoComplete="current-password"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            // biome-ignore lint/a11y/noAutofocus: the only field of a screen whose sole purpose is this
            autoFocus
          />
          {error && (
            <p id={`${fieldId}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
