import type { TestServer } from '@c/core/testing';
import { http } from 'msw';

/** A request a simulator holds: resolved when it has arrived, answered once released. */
export interface HeldRequest {
  /** Resolves when the first matching request has reached the simulator. */
  readonly arrived: Promise<void>;
  /** Resolves when its client hung up while it was held (a canceled run cut it off). */
  readonly aborted: Promise<void>;
  /** Lets it through to the simulator's own handler (its client may be long gone). */
  release(): void;
}

/**
 * Holds the first request matching `method` and `path` at a simulator until `release`, so a test
 * can act (kill the process that sent it) while the request is surely in flight. Later requests
 * pass as usual.
 */
export function holdOnce(server: TestServer, method: 'get' | 'post', path: string): HeldRequest {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let abort = () => {};
  const aborted = new Promise<void>((resolve) => {
    abort = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](
      path,
      async ({ request }) => {
        arrive();
        request.signal.addEventListener('abort', () => abort(), { once: true });
        await released;
        // Nothing returned: the simulator's own handler answers.
      },
      { once: true },
    ),
  );
  return { arrived, aborted, release };
}
