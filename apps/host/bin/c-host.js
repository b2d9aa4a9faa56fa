#!/usr/bin/env node
// The installed `c-host` command. It is a file of the repository, not of the build, so `pnpm install`
// on a fresh clone can link it before anything is built (a bin pointing into dist/ made pnpm warn
// "Failed to create bin" on every cold start). The program itself is dist/bin.js.
import('../dist/bin.js');
