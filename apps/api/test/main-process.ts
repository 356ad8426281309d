import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

export const API_ROOT = resolve(__dirname, '..');
const REPO_ROOT = resolve(API_ROOT, '../..');

/**
 * Runs src/main.ts as production does, from the TypeScript source: the same swc settings as jest
 * (decorators with metadata) and the workspace libraries from their sources.
 */
export const MAIN_SOURCE = `
const Module = require('node:module');
const fs = require('node:fs');
const { transformSync } = require(require.resolve('@swc/core', { paths: [${JSON.stringify(API_ROOT)}] }));
const libs = {
  '@estancia/contracts': ${JSON.stringify(join(REPO_ROOT, 'libs/contracts/src/index.ts'))},
  '@estancia/i18n': ${JSON.stringify(join(REPO_ROOT, 'libs/i18n/src/index.ts'))},
};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, libs[request] ?? request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(${JSON.stringify(join(API_ROOT, 'src/main.ts'))});
`;

export interface MainProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
}

/** Starts `main.ts` with exactly `env` (plus PATH) and waits until it prints `readyLine`. */
export async function startMain(env: Record<string, string>, readyLine: string): Promise<MainProcess> {
  const child = spawn(process.execPath, ['-e', MAIN_SOURCE], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  await new Promise<void>((ready, failed) => {
    const timer = setTimeout(() => failed(new Error(`main.ts did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      failed(new Error(`main.ts exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output, exited };
}
