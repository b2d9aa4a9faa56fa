import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  asServiceUser,
  findExecutable,
  freePort,
  serviceDir,
  servicesRequired,
  serviceUser,
} from './system.js';

/** A running nginx in front of some upstream servers. */
export interface TestNginx {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** The configuration it runs, as a deployment would write it (paths aside). */
  config: string;
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
}

/**
 * The `http` block that balances over c-host instances, as the host's README recommends: the
 * client's `Host` passed on (each instance lists it in `C_HOST_ALLOWED_HOSTS`), no response
 * buffering (progress streams), keep-alive to the upstreams, and a request retried on another
 * instance only when it never reached one (nginx never repeats a POST that was sent).
 */
export function fleetNginxConfig(options: { listen: string; upstreams: string[]; prefix: string }): string {
  const { prefix } = options;
  return `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  client_max_body_size 10m;

  upstream c_host {
${options.upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen ${options.listen};
    location / {
      proxy_pass http://c_host;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

/**
 * Starts Debian's nginx as an unprivileged user with its own prefix folder and configuration, on a
 * free loopback port, balancing over `upstreams` (`host:port` each).
 */
export async function startNginx(upstreams: string[]): Promise<TestNginx> {
  const nginx = findExecutable(['nginx']);
  if (!nginx) throw new Error('nginx is not installed: install Debian’s nginx package');
  const user = serviceUser();
  const dir = serviceDir(user, 'c-host-nginx-');
  const temp = join(dir.path, 'temp');
  mkdirSync(temp);
  chownSync(temp, user.uid, user.gid);
  const file = join(dir.path, 'nginx.conf');
  try {
    for (let attempt = 0; ; attempt += 1) {
      const port = await freePort();
      const config = fleetNginxConfig({ listen: `127.0.0.1:${port}`, upstreams, prefix: dir.path });
      writeFileSync(file, config);
      // Daemonized: the command returns once nginx listens (or has failed to), and its pid is on file.
      const started = spawnSync(
        ...asServiceUser(user, nginx, ['-p', dir.path, '-e', join(dir.path, 'error.log'), '-c', file]),
        {
          encoding: 'utf8',
        },
      );
      if (started.status === 0) {
        const pidFile = join(dir.path, 'nginx.pid');
        const pid = Number(readFileSync(pidFile, 'utf8').trim());
        const stopNow = () => {
          try {
            process.kill(pid, 'SIGTERM');
          } catch {
            // Already gone.
          }
        };
        process.once('exit', stopNow);
        return {
          url: `http://127.0.0.1:${port}`,
          port,
          config,
          async stop() {
            process.removeListener('exit', stopNow);
            stopNow();
            // nginx removes its pid file when the master has exited.
            for (let waited = 0; existsSync(pidFile) && waited < 5000; waited += 20) {
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            dir.remove();
          },
        };
      }
      if (attempt >= 3) throw new Error(`nginx did not start: ${started.stderr || started.stdout}`);
    }
  } catch (error) {
    dir.remove();
    throw error;
  }
}

/**
 * Why the tests cannot run nginx here, or undefined when they can. In CI (`CI=true`) a missing
 * nginx is thrown instead: the bootstrap installs it there.
 */
export function nginxMissing(): string | undefined {
  if (findExecutable(['nginx'])) return undefined;
  const reason = 'nginx is not installed: install Debian’s nginx package to run the fleet tests';
  if (servicesRequired) throw new Error(reason);
  process.stderr.write(`skipping: ${reason}\n`);
  return reason;
}
