// The routes the first download knows: the sign-in pages, and a chunk for every other path
// (./SignedIn.tsx, with the screens' own table: ./screenRoutes.ts). Pages load on demand.
import { lazyPage } from '@/ui/lazyPage';

export const publicRoutes = [
  { path: '/login', Page: lazyPage(() => import('@/features/auth/Login')), bounceSignedIn: true },
  { path: '/send-email', Page: lazyPage(() => import('@/features/auth/SendEmail')), bounceSignedIn: true },
  // verify_otp signs the admin in, and the new password is set with that session: stay.
  { path: '/otp-verify', Page: lazyPage(() => import('@/features/auth/OtpVerify')), bounceSignedIn: false },
  { path: '/forgot-password', Page: lazyPage(() => import('@/features/auth/ForgotPassword')), bounceSignedIn: false },
];

/** The signed-in frame, fetched with its own commands registered (every screen's follow: src/app/installCommands.ts). */
export const Shell = lazyPage(async () => {
  const [, page] = await Promise.all([import('./installCommands').then((m) => m.installCommands()), import('./Shell')]);
  return page;
});
export const NotFound = lazyPage(() => import('./NotFound'));
/** Every path but the sign-in pages: the screens' routes and the frame around them. */
export const SignedIn = lazyPage(() => import('./SignedIn'));
