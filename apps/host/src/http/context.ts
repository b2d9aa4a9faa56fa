import type { Host } from '../host.js';
import type { GuessThrottle } from './throttle.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answers without the access token: sign-in, the health check, the OAuth callback, the UI's
     * files. Every route without it needs the token or a session; the guard reads it from the route
     * the router matched, never from the URL text.
     */
    public?: boolean;
    /** May be reached by a navigation from another site (`Sec-Fetch-Site: cross-site`). */
    crossSite?: boolean;
    /** A provider's webhook receiver: exempt from the Origin check (it proves itself by a signature). */
    webhook?: boolean;
  }

  interface FastifyRequest {
    /** The browser session id, when the request carried a valid session cookie. */
    sessionId?: string | undefined;
  }
}

/** What the route plugins share. */
export interface HttpContext {
  host: Host;
  throttle: GuessThrottle;
  /** The session cookie's name (per port, so two hosts on one machine keep apart). */
  sessionCookie(): string;
  /** The OAuth binding cookie's name. */
  oauthCookie(): string;
}

/** Route config of a public route. */
export const PUBLIC = { public: true } as const;

/** Route config of a public route that a link on another site may open. */
export const PUBLIC_PAGE = { public: true, crossSite: true } as const;
