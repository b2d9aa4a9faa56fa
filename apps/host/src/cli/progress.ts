import type { Progress } from '@c/core';

/** Progress of a run on stderr. */
export interface ProgressReporter {
  update(progress: Progress): void;
  /**
   * Ends the bar at the real total: `count` (what the run returned) for both the value and the
   * total, since a command's `total` during the run may be an upper bound (Export Data's maxEvents).
   */
  finish(count?: number): void;
  /** Ends the bar where it is (a failed or cancelled run). */
  stop(): void;
}

/**
 * Shows progress on stderr when it is a terminal: a bar once the command reports a total, else the
 * count and message. cli-progress loads on the first update only, so quick runs never pay for it;
 * a run that ends before it has loaded draws nothing, rather than a bar that would never be ended.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  if (!stream.isTTY) return { update() {}, finish() {}, stop() {} };
  let bar: import('cli-progress').SingleBar | undefined;
  let requested = false;
  let ended = false;
  let latest: Progress | undefined;
  const draw = () => {
    if (!bar || !latest) return;
    bar.setTotal(latest.total ?? Math.max(latest.current ?? 0, 1));
    bar.update(latest.current ?? 0, { message: latest.message ?? '' });
  };
  return {
    update(progress) {
      if (ended) return;
      latest = progress;
      if (!requested) {
        requested = true;
        void import('cli-progress').then(({ default: cliProgress }) => {
          if (ended) return;
          bar = new cliProgress.SingleBar(
            { stream, format: ' {bar} {value}/{total} {message}', hideCursor: true },
            cliProgress.Presets.shades_classic,
          );
          bar.start(latest?.total ?? 1, 0, { message: '' });
          draw();
        });
      }
      draw();
    },
    finish(count) {
      if (ended) return;
      ended = true;
      if (!bar) return;
      const final = count ?? latest?.current ?? 0;
      bar.setTotal(Math.max(final, 1));
      bar.update(final, { message: latest?.message ?? '' });
      bar.stop();
    },
    stop() {
      if (ended) return;
      ended = true;
      bar?.stop();
    },
  };
}
