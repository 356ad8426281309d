import { type User, userSchema } from '@estancia/contracts';

/** The console keeps its own keys so a customer session in the same browser never leaks into it. */
export const STAFF_TOKEN_KEY = '_admin_token';
export const STAFF_USER_KEY = '_admin_user';

export const staffUserSchema = userSchema.pick({ id: true, name: true, email: true, role: true });
export type StaffUser = Pick<User, 'id' | 'name' | 'email' | 'role'>;

export const staffSession = {
  token(): string | null {
    return localStorage.getItem(STAFF_TOKEN_KEY);
  },
  user(): StaffUser | null {
    const stored = localStorage.getItem(STAFF_USER_KEY);
    if (!stored) return null;
    try {
      const parsed = staffUserSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  save(token: string, user: StaffUser): void {
    localStorage.setItem(STAFF_TOKEN_KEY, token);
    localStorage.setItem(STAFF_USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    localStorage.removeItem(STAFF_TOKEN_KEY);
    localStorage.removeItem(STAFF_USER_KEY);
  },
};
