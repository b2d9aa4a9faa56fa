import { useEffect, useState } from 'react';

/** Copies text to the clipboard, falling back to a hidden text area where the API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied (e.g. no focus or no permission): try the old way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** A button that copies a text and says so. */
export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what?: string }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 2000);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        onClick={async () => {
          await copyText(text);
          setDone(true);
        }}
      >
        {done ? 'Copied' : label}
        {what && <span className="sr-only"> {what}</span>}
      </button>
      <span className="sr-only" aria-live="polite">
        {done ? `Copied${what ? ` ${what}` : ''}` : ''}
      </span>
    </>
  );
}
