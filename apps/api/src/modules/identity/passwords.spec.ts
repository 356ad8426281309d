import { hashPassword, passwordMatches } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Secret-123');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await passwordMatches(hash, 'Secret-123')).toBe(true);
    expect(await passwordMatches(hash, 'Secret-124')).toBe(false);
  });

  it('never matches without a stored hash, or with a broken one', async () => {
    expect(await passwordMatches(null, 'decoy password that never matches')).toBe(false);
    expect(await passwordMatches(undefined, 'anything')).toBe(false);
    expect(await passwordMatches('not-a-hash', 'anything')).toBe(false);
  });
});
