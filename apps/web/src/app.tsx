import { useEffect, useState } from 'react';
import { onUnauthorized } from './api';
import { CommandsPage } from './commands/commands-page';
import { ConnectionsPage } from './connections/connections-page';
import { HostDataProvider, useHostData } from './host-data';
import { RecentPage } from './recent/recent-page';
import { hrefOf, type Route, useRoute } from './router';
import { SignIn } from './session/sign-in';
import { TriggersPage } from './triggers/triggers-page';
import { ErrorPanel } from './ui/error-panel';

const navItems: { label: string; route: Route }[] = [
  { label: 'Commands', route: { page: 'commands' } },
  { label: 'Connections', route: { page: 'connections' } },
  { label: 'Triggers', route: { page: 'triggers' } },
  { label: 'Recent runs', route: { page: 'recent' } },
];

function Screens() {
  const route = useRoute();
  const { loading, error } = useHostData();
  useEffect(() => {
    const titles = {
      commands: 'Commands',
      connections: 'Connections',
      recent: 'Recent runs',
      triggers: 'Triggers',
    };
    document.title = `${titles[route.page]} · c-host`;
  }, [route.page]);
  if (loading) {
    return (
      <p className="page muted" role="status">
        Loading…
      </p>
    );
  }
  if (error) {
    return (
      <div className="page">
        <ErrorPanel error={error} />
      </div>
    );
  }
  if (route.page === 'connections') return <ConnectionsPage />;
  if (route.page === 'recent') return <RecentPage />;
  if (route.page === 'triggers') return <TriggersPage />;
  return <CommandsPage commandId={route.commandId} />;
}

/** The whole UI: a sign-in gate, the header and the current screen. */
export function App() {
  const [signedOut, setSignedOut] = useState(false);
  const [session, setSession] = useState(0);
  const route = useRoute();
  useEffect(() => onUnauthorized(() => setSignedOut(true)), []);

  if (signedOut) {
    return (
      <SignIn
        onSignedIn={() => {
          setSignedOut(false);
          setSession((value) => value + 1);
        }}
      />
    );
  }
  return (
    <>
      {/* The hash holds the route, so skipping moves focus instead of following a "#main" link. */}
      <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header className="topbar">
        <a className="topbar__brand" href="#/commands">
          <span className="topbar__logo" aria-hidden="true">
            c
          </span>
          c-host
        </a>
        <nav className="topbar__main" aria-label="Main">
          <ul className="topbar__nav">
            {navItems.map((item) => (
              <li key={item.label}>
                <a
                  href={hrefOf(item.route)}
                  aria-current={route.page === item.route.page ? 'page' : undefined}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Served by the host behind the same sign-in, so the session cookie opens it. */}
        <a className="topbar__aside" href="/api/reference" target="_blank" rel="noopener">
          API reference
        </a>
      </header>
      <main id="main" tabIndex={-1}>
        <HostDataProvider key={session}>
          <Screens />
        </HostDataProvider>
      </main>
    </>
  );
}
