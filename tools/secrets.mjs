// Secrets generated once per machine, so restarts keep sessions valid and printed passwords keep working.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import { dirname } from 'node:path';

/** Meets the product's password rule: 8+ characters with a number, an upper-case letter and a symbol. */
export function generatePassword() {
  const words = randomBytes(12).toString('base64url').replace(/[-_]/g, '');
  return `Es${words}-${randomInt(10, 100)}!`;
}

const generators = {
  jwtSecret: () => randomBytes(48).toString('base64url'),
  adminPassword: generatePassword,
  decoratorPassword: generatePassword,
  databasePassword: () => randomBytes(18).toString('base64url'),
};

/**
 * Reads `file` and adds whichever of `names` it lacks; the file is written only when something was
 * added, always with mode 600 (it holds the JWT secret and staff passwords).
 */
export function ensureSecrets(file, names) {
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const missing = names.filter((name) => typeof secrets[name] !== 'string' || !secrets[name]);
  for (const name of missing) secrets[name] = generators[name]();
  if (missing.length) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  if (existsSync(file)) chmodSync(file, 0o600);
  return secrets;
}
