import { useEffect, useState } from 'react';

/** The screens, addressed by the URL hash so that the host needs no fallback route. */
export type Route =
  | { page: 'commands'; commandId?: string }
  | { page: 'connections' }
  | { page: 'recent' }
  | { page: 'triggers' };

/** Parses `#/commands/payments.getCustomers`, `#/connections`, `#/recent`, `#/triggers`. */
export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'connections') return { page: 'connections' };
  if (parts[0] === 'recent') return { page: 'recent' };
  if (parts[0] === 'triggers') return { page: 'triggers' };
  return parts[1] ? { page: 'commands', commandId: parts[1] } : { page: 'commands' };
}

/** The hash of a route. */
export function hrefOf(route: Route): string {
  if (route.page === 'commands') {
    return route.commandId ? `#/commands/${encodeURIComponent(route.commandId)}` : '#/commands';
  }
  return `#/${route.page}`;
}

/** Goes to a route (adds a history entry, so Back works). */
export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}

/** The current route, following hash changes. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
