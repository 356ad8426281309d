import { type AuthProvider, HttpError } from 'react-admin';
import { apiErrorSchema, displayName, ErrorCode, STAFF_ROLES } from '@estancia/contracts';
import { staffSession, staffUserSchema } from './staffSession';

/** A refused sign-in: `message` is the `errors.<code>` translation key, so react-admin's notifier translates it too. */
export class StaffLoginError extends Error {
  constructor(readonly code: ErrorCode) {
    super(`errors.${code}`);
    this.name = 'StaffLoginError';
  }
}

export interface StaffCredentials {
  username: string;
  password: string;
}

const readErrorCode = async (response: Response): Promise<ErrorCode> => {
  try {
    const parsed = apiErrorSchema.safeParse(await response.json());
    if (parsed.success) return parsed.data.code;
  } catch {
    // A body that is not our error shape (a proxy page, an empty answer) is reported as a generic failure.
  }
  return ErrorCode.INTERNAL;
};

const statusOf = (error: unknown): number | undefined =>
  error instanceof HttpError
    ? error.status
    : typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : undefined;

export function createAuthProvider(apiUrl = '/data'): AuthProvider {
  return {
    async login({ username, password }: StaffCredentials) {
      let response: Response;
      try {
        response = await fetch(`${apiUrl}/admin/session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ username, password }),
        });
      } catch {
        throw new StaffLoginError(ErrorCode.INTERNAL);
      }
      if (!response.ok) throw new StaffLoginError(await readErrorCode(response));
      const body: unknown = await response.json();
      const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined;
      const user = staffUserSchema.safeParse(
        typeof body === 'object' && body !== null && 'user' in body ? body.user : undefined,
      );
      if (typeof token !== 'string' || !user.success) throw new StaffLoginError(ErrorCode.INTERNAL);
      // The API already refuses customers; this keeps a wrong answer from opening the console.
      if (!STAFF_ROLES.includes(user.data.role)) throw new StaffLoginError(ErrorCode.STAFF_ONLY);
      staffSession.save(token, user.data);
    },

    async logout() {
      const token = staffSession.token();
      staffSession.clear();
      if (!token) return;
      // Revoke the session on the server too; a failure (expired token, offline) changes nothing here.
      await fetch(`${apiUrl}/user/logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      }).catch(() => undefined);
    },

    async checkAuth() {
      if (!staffSession.token() || !staffSession.user()) throw new Error('ra.auth.auth_check_error');
    },

    async checkError(error: unknown) {
      if (statusOf(error) === 401) {
        staffSession.clear();
        throw new Error('ra.notification.logged_out');
      }
    },

    async getIdentity() {
      const user = staffSession.user();
      if (!user) throw new Error('ra.auth.auth_check_error');
      return { id: user.id, fullName: displayName(user) };
    },

    async getPermissions() {
      return staffSession.user()?.role ?? null;
    },
  };
}

export const authProvider = createAuthProvider();
