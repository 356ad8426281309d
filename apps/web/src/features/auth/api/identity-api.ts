import type {
  LoginRequest,
  OauthRequest,
  RegisterRequest,
  RegisterResponse,
  ResendCodeRequest,
  ResetPasswordRequest,
  SessionResponse,
  StatusResponse,
  UpdatePasswordRequest,
  UpdateProfileRequest,
  User,
  ValidationRequest,
} from '@estancia/contracts';
import { api } from '../../../shared/api';

/** Identity calls under /data (spec section 7). */
export const identityApi = {
  login: (body: LoginRequest) => api.post<SessionResponse>('user/login', body),
  register: (body: RegisterRequest) => api.post<RegisterResponse>('user/register', body),
  validate: (body: ValidationRequest) => api.post<unknown>('user/validation', body),
  resendCode: (body: ResendCodeRequest) => api.post<unknown>('user/validation/resend', body),
  google: (body: OauthRequest) => api.post<SessionResponse>('user/oauthauthenticate', body),
  profile: () => api.post<SessionResponse>('user/profile'),
  forgotPassword: (email: string) =>
    api.get<StatusResponse>(`user/forgotPassword/${encodeURIComponent(email)}`),
  resetPassword: (body: ResetPasswordRequest) => api.post<unknown>('user/changePassword', body),
  userLanguage: (language: string) => api.get<unknown>(`user/userLanguage/${encodeURIComponent(language)}`),
  updateProfile: (body: UpdateProfileRequest) => api.post<{ user: User }>('user/updateProfile', body),
  updatePassword: (body: UpdatePasswordRequest) => api.post<SessionResponse>('user/updatePassword', body),
  logout: () => api.post<unknown>('user/logout'),
};
