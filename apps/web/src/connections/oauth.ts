import { oauthStartUrl } from '../api';
import type { OAuthMessage } from '../types';

/** How an OAuth pop-up ended. */
export type OAuthOutcome =
  | { ok: true; connection: string }
  | { ok: false; reason: 'blocked' | 'closed' | 'refused'; message: string };

function messageOf(error: OAuthMessage['error']): string {
  return error || 'The provider did not grant access.';
}

/**
 * Opens the host's OAuth start page in a pop-up and waits for the callback page's message
 * (`{type: 'c-host:oauth'}`, same origin only) or for the user to close the pop-up. Must be called
 * from a click handler, or the browser blocks the pop-up.
 */
export function connectWithPopup(connector: string, connection: string): Promise<OAuthOutcome> {
  const width = 560;
  const height = 720;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 3);
  const popup = window.open(
    oauthStartUrl(connector, connection),
    `c-host-oauth-${connector}`,
    `popup,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) {
    return Promise.resolve({
      ok: false,
      reason: 'blocked',
      message: 'The browser blocked the sign-in window. Allow pop-ups for this page and try again.',
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: OAuthOutcome) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as Partial<OAuthMessage> | null;
      if (data?.type !== 'c-host:oauth') return;
      if (data.ok) finish({ ok: true, connection: data.connection ?? connection });
      else finish({ ok: false, reason: 'refused', message: messageOf(data.error) });
    };
    window.addEventListener('message', onMessage);
    // The callback posts its message just before closing itself: give that message a moment to
    // arrive before reading a closed pop-up as "cancelled".
    const watch = setInterval(() => {
      if (popup.closed) {
        setTimeout(
          () =>
            finish({
              ok: false,
              reason: 'closed',
              message: 'The sign-in window was closed before access was granted.',
            }),
          600,
        );
      }
    }, 400);
  });
}

/**
 * A pop-up that ended without access, in words: the person declined, closed the window, or the
 * browser blocked it. Not an authentication failure (nothing was refused), and nothing was saved.
 */
export function oauthNote(outcome: Extract<OAuthOutcome, { ok: false }>, provider: string): string {
  if (outcome.reason === 'blocked') return outcome.message;
  if (outcome.reason === 'closed')
    return `The ${provider} sign-in window was closed before access was granted. Nothing was saved.`;
  const said = /[.!?]$/.test(outcome.message) ? outcome.message : `${outcome.message}.`;
  return `${provider} did not connect: ${said} Nothing was saved; connect again when you are ready.`;
}
