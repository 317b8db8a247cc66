// Profile saves run as commands (toasts, recents) with the form's data as their argument;
// the field errors of the last attempt wait here for the form to show.
import { proxy } from 'valtio';
import { ApiError } from '@/api/client';
import { authApi } from '@/api/auth';
import { endSession, setUserDetails } from '@/store/session';
import { go } from '@/store/navigate';
import { actionWords } from '@/commands/actions';
import { type Command, defineCommand } from '@/commands/types';

/** The profile's toast after a password change (the product's text, lower case as it has it). */
export const PASSWORD_CHANGED = 'change password successfully!';

export const profileForms = proxy({
  profileErrors: {} as Record<string, string>,
  passwordErrors: {} as Record<string, string>,
  /** "Change password…" asked for the new password's field: the form takes the focus once shown. */
  focusPassword: 0,
});

const keepFieldErrors = (key: 'profileErrors' | 'passwordErrors') => (e: unknown) => {
  profileForms[key] = e instanceof ApiError ? e.fieldErrors : {};
  throw e;
};

export const profileCommands: Command[] = [
  {
    // From anywhere: the profile's password form, its first field focused. A password is never
    // typed into the palette, whose text shows.
    id: 'profile.changePassword',
    ...actionWords('profile.changePassword'),
    keywords: ['password', 'security', 'account', 'sign in'],
    scope: 'global',
    run: () => {
      profileForms.focusPassword++;
      go('/profile');
    },
  },
  {
    id: 'profile.update',
    title: 'Save profile',
    group: 'Profile',
    scope: 'view:profile',
    palette: false,
    messages: { success: 'profile updated successfully!', failure: 'Failed to update profile' },
    async run(_ctx, form) {
      profileForms.profileErrors = {};
      const res = await authApi.updateProfile(form as FormData).catch(keepFieldErrors('profileErrors'));
      setUserDetails(res.data);
      return res;
    },
  },
  defineCommand<{ password: string; confirmation: string }>({
    id: 'profile.password',
    title: 'Change password',
    group: 'Profile',
    scope: 'view:profile',
    palette: false,
    // The product's texts for the profile: a failed change reads 'Failed to update card' (when
    // the server names no reason), a done one 'change password successfully!'.
    messages: { success: PASSWORD_CHANGED, failure: 'Failed to update card' },
    async run(_ctx, { password, confirmation }) {
      profileForms.passwordErrors = {};
      await authApi.resetPassword(password, confirmation).catch(keepFieldErrors('passwordErrors'));
      // Every session of this admin has just ended on the server, this one included: the
      // sign-in page (here and in this browser's other tabs) says why.
      endSession('password_changed');
      go('/login', { replace: true });
      // The call answers the forgot-password flow's sentence ('Password changed successfully');
      // the profile says its own.
      return { message: PASSWORD_CHANGED };
    },
  }),
];
