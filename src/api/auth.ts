// The /api/v1 calls (contract/api.md). Plain functions: the screens decide what to show.
import type { RecordResponse } from '../../contract/envelope';
import type { Session, User } from '../../contract/auth';
import { api } from './client';

type Message = { message: string };

export const authApi = {
  login: (email: string, password: string) =>
    api.post<RecordResponse<Session>>('/api/v1/login', { email, password }),
  requestOtp: (email: string) => api.post<Message>('/api/v1/request_otp', { email }),
  resendOtp: (email: string) => api.post<Message>('/api/v1/resend_otp', { email }),
  forgotPassword: (email: string) => api.post<Message>('/api/v1/forgot_password', { email }),
  verifyOtp: (email: string, otp: string) =>
    api.post<RecordResponse<Session>>('/api/v1/verify_otp', { email, otp }),
  /** Multipart with the bearer (SPEC.md §7); the server then ends every session of the user. */
  resetPassword: (password: string, password_confirmation: string) => {
    const form = new FormData();
    form.append('password', password);
    form.append('password_confirmation', password_confirmation);
    return api.post<Message>('/api/v1/reset_password', form);
  },
  updateProfile: (form: FormData) => api.post<RecordResponse<User>>('/api/v1/update_profile', form),
  showUser: () => api.get<RecordResponse<User>>('/admin/v1/show_user'),
};
