import type { TestServer } from '@c/core/testing';
import { http } from 'msw';

/** A request a simulator holds: resolved when it has arrived, answered once released. */
export interface HeldRequest {
  /** Resolves when the first matching request has reached the simulator. */
  readonly arrived: Promise<void>;
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
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](
      path,
      async () => {
        arrive();
        await released;
        // Nothing returned: the simulator's own handler answers.
      },
      { once: true },
    ),
  );
  return { arrived, release };
}
