#!/usr/bin/env node
// The `c-host` bin. It must parse and run on any Node, so it imports nothing up front: on a Node
// older than the host needs (it uses the built-in `node:sqlite`), it says so in one sentence instead
// of failing later with a confusing module error, then hands over to the real command line.
const MIN = [22, 13] as const;
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < MIN[0] || (major === MIN[0] && minor < MIN[1])) {
  process.stderr.write(
    `c-host needs Node ${MIN.join('.')} or newer (it uses the built-in node:sqlite); this is Node ${process.versions.node}.\n` +
      'Install a newer Node, or from a checkout of the project run ./c-host, which uses the Node 24 that npm start and npm test fetch.\n',
  );
  process.exit(1);
}
await import('./cli.js');
