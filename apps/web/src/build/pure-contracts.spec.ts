import { rolldown, type Plugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { pureContracts } from '../../../../tools/vite/pure-contracts.mjs';

/** A contract file as the bundler sees it once TypeScript is stripped: schemas beside a constant. */
const CONTRACT = `import { z } from 'zod';
const required = (schema) => schema.trim().min(1);
export const emailSchema = required(z.string()).pipe(z.email());
export const loginSchema = z.object({ login: emailSchema, password: z.string().min(1) });
export const HEADER = 'x-estancia-visitor';
`;
const CONTRACT_ID = '/repo/libs/contracts/src/identity.ts';

/** Bundles `entry` importing from the contract file; zod stays external so the output shows whether it is imported. */
async function bundle(entry: string, plugins: Plugin[]): Promise<string> {
  const files: Plugin = {
    name: 'files',
    resolveId: (id) => (id === 'entry' ? id : id.endsWith('identity') ? CONTRACT_ID : null),
    load: (id) => (id === 'entry' ? entry : id === CONTRACT_ID ? CONTRACT : null),
  };
  const build = await rolldown({ input: 'entry', external: ['zod'], plugins: [files, ...plugins] });
  const { output } = await build.generate({ format: 'esm' });
  await build.close();
  return output[0].code;
}

describe('pure contracts (the web build keeps only the schemas a page reads)', () => {
  const onlyTheHeader = `import { HEADER } from './identity';\nconsole.log(HEADER);\n`;

  it('drops unused schemas, and zod with them, from a page that reads a constant', async () => {
    const output = await bundle(onlyTheHeader, [pureContracts() as Plugin]);
    expect(output).toContain('x-estancia-visitor');
    expect(output).not.toMatch(/from ["']zod["']/);
  });

  it('without it the bundler keeps every schema of the file', async () => {
    expect(await bundle(onlyTheHeader, [])).toMatch(/from ["']zod["']/);
  });

  it('keeps a schema that is read, with the schemas it is built from, evaluated in order', async () => {
    const output = await bundle(`import { loginSchema } from './identity';\nconsole.log(loginSchema);\n`, [
      pureContracts() as Plugin,
    ]);
    expect(output).toMatch(/from ["']zod["']/);
    expect(output.indexOf('z.email()')).toBeLessThan(output.indexOf('z.object('));
  });
});
