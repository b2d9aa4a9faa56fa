import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of the web UI: its own origin only. Its scripts are its own files; no
 * string becomes code (no `'unsafe-eval'`: the form validator interprets the commands' JSON Schemas
 * instead of compiling them), and inline scripts, other origins, plugins, `<base>` and framing are refused.
 */
export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy of every other response (JSON, files): nothing may run or load from it. */
export const DEFAULT_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The policy of a page the server writes itself: only its own inline script and style, by nonce. */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Where every page's icon is: served by the host itself, so it is there without a UI build. */
export const FAVICON_PATH = '/favicon.svg';

/** The icon: a "c" on the UI's accent colour. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#3b5bdb"/><path d="M21.5 10.5a8 8 0 1 0 0 11" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What `sendPage` writes. */
export interface PageContent {
  status?: number;
  title: string;
  /** HTML, already escaped where it holds data. */
  body: string;
  /** An inline script; it runs under this response's nonce, and no other script can. */
  script?: string;
}

/** Sends a small HTML page of the server's own (sign-in, Connect pop-up) with its nonce-based CSP. */
export function sendPage(reply: FastifyReply, content: PageContent): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const script = content.script ? `<script nonce="${nonce}">${content.script}</script>` : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}">
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:0 .25em}</style>
</head><body>${content.body}${script}</body></html>`;
  return reply
    .code(content.status ?? 200)
    .header('content-security-policy', pageCsp(nonce))
    .type('text/html; charset=utf-8')
    .send(html);
}
