import argon2 from 'argon2';

export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id });

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, Google-only account) it
 * still verifies against a decoy, so the answer takes as long and reveals nothing.
 */
export async function passwordMatches(hash: string | null | undefined, password: string): Promise<boolean> {
  decoy ??= hashPassword('decoy password that never matches');
  const stored = hash ?? (await decoy);
  try {
    const ok = await argon2.verify(stored, password);
    return ok && hash != null;
  } catch {
    return false;
  }
}
