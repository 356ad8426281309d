#!/usr/bin/env node
// The e2e tests drive Debian's Chromium; Playwright's own browser download is never used.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    [
      `The e2e tests need Chromium at ${CHROMIUM}, and it is not installed.`,
      'Install it, then run the tests again:',
      '  sudo apt-get update && sudo apt-get install -y chromium     (Debian/Ubuntu)',
    ].join('\n'),
  );
  process.exit(1);
}

console.log(
  `Chromium is missing at ${CHROMIUM}; installing Debian's package (apt-get install -y chromium)...`,
);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed${result.error ? `: ${result.error.message}` : ''}.`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished, but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
