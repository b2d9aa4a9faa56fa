import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { App } from '../app';
import { createMockHost } from './mock-host';

/** Starts msw for a test file; each test then calls `useMockHost()` for a fresh host state. */
export function mockServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    server,
    host(options?: Parameters<typeof createMockHost>[0]) {
      const host = createMockHost(options);
      server.use(...host.handlers);
      return host;
    },
  };
}

/** Renders the whole UI at a route, with a user-event instance. */
export function renderApp(hash = '#/commands') {
  window.location.hash = hash;
  const user = userEvent.setup();
  return { user, ...render(<App />) };
}
