import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Component tests render into jsdom; the browser tests in e2e/ run in Node and have no document.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.location.hash = '';
  });
}
