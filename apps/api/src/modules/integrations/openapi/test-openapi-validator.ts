import { execFile } from 'node:child_process';

export interface OpenApiValidation {
  valid: boolean;
  /** The OpenAPI version the validator recognised, e.g. `3.1`. */
  version: string;
  errors?: unknown;
}

// The validator is an ES module, which jest's CommonJS runtime cannot load: it runs in its own node.
const SCRIPT = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));
`;

/** Validates a document with @seriousme/openapi-schema-validator (the OpenAPI Initiative's JSON schemas). */
export function validateOpenApi(document: object): Promise<OpenApiValidation> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: __dirname, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as OpenApiValidation);
      },
    );
    child.stdin!.end(JSON.stringify(document));
  });
}
