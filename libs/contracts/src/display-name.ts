import type { User } from './identity';

/** The name the app shows: the name, or the e-mail part before the @. */
export const displayName = (user: Pick<User, 'name' | 'email'>): string =>
  user.name.trim() || user.email.split('@')[0] || user.email;
