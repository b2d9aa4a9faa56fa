import { spawn } from 'node:child_process';
import { cliCommand, hostRoot } from './cli.js';

/** An answer typed when the screen shows a prompt. */
export interface TypedAnswer {
  /** Typed once the output (since the previous answer) matches this. */
  when: RegExp;
  /** The keys, e.g. `n\r` (Enter is `\r` on a terminal). */
  keys: string;
}

/** What a run on a terminal left on the screen. */
export interface TerminalRun {
  code: number | null;
  /** Everything written to the terminal (stdout and stderr together, as a person sees them), without ANSI codes. */
  screen: string;
  /** The same with the ANSI codes, to check colour and cursor handling. */
  raw: string;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The text a terminal shows for a stream of output: ANSI codes and carriage returns removed. */
export function plain(raw: string): string {
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
      .replace(/\r\n/g, '\n')
      .replace(/\r/g, '\n')
  );
}

/**
 * Runs `c-host …` from source on a pseudo-terminal (util-linux `script`), `columns` wide, so that
 * stdin, stdout and stderr are all a TTY, as for a person at a terminal. Answers are typed as their
 * prompt appears: no timing is involved.
 */
export function runInTerminal(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; answers?: TypedAnswer[]; columns?: number } = {},
): Promise<TerminalRun> {
  const command = [cliCommand.command, ...cliCommand.args, ...args].map(quote).join(' ');
  const child = spawn(
    'script',
    ['-qefc', `stty cols ${options.columns ?? 120} rows 50; exec ${command}`, '/dev/null'],
    {
      cwd: hostRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const answers = [...(options.answers ?? [])];
  let raw = '';
  let answeredAt = 0;
  // Decoded as a stream: a character split across two chunks (❯, ·) must not become two U+FFFD.
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      raw += chunk;
      const next = answers[0];
      if (next?.when.test(plain(raw.slice(answeredAt)))) {
        answers.shift();
        answeredAt = raw.length;
        child.stdin.write(next.keys);
      }
    });
    child.stderr.on('data', (chunk: string) => {
      raw += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      child.stdin.destroy();
      resolve({ code, raw, screen: plain(raw) });
    });
  });
}
