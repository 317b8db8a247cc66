// The /api/v1 calls (contract/auth.ts). Plain functions: the screens decide what to show.
import {
  forgotPassword,
  login,
  logout,
  requestOtp,
  resendOtp,
  resetPassword,
  showMe,
  updateProfile,
  verifyOtp,
} from '@contract/auth';
import { call } from './call';

export const authApi = {
  login: (email: string, password: string) => call(login, { body: { email, password } }),
  requestOtp: (email: string) => call(requestOtp, { body: { email } }),
  resendOtp: (email: string) => call(resendOtp, { body: { email } }),
  forgotPassword: (email: string) => call(forgotPassword, { body: { email } }),
  verifyOtp: (email: string, otp: string) => call(verifyOtp, { body: { email, otp } }),
  /** Multipart with the bearer; the server then ends every session of the user. */
  resetPassword: (password: string, password_confirmation: string) => {
    const form = new FormData();
    form.append('password', password);
    form.append('password_confirmation', password_confirmation);
    return call(resetPassword, { body: form });
  },
  updateProfile: (form: FormData) => call(updateProfile, { body: form }),
  showUser: () => call(showMe, {}),
  /** Ends this session, or the one of `token`. */
  logout: (token?: string) => call(logout, {}, { token }),
};
