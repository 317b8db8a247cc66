// Every route and the chunk behind it. Pages load on demand; this table is all the
// first download knows about them.
import { lazyPage } from './ui/lazyPage';
import { screens } from './screens';

export const publicRoutes = [
  { path: '/login', Page: lazyPage(() => import('./views/auth/Login')), bounceSignedIn: true },
  { path: '/send-email', Page: lazyPage(() => import('./views/auth/SendEmail')), bounceSignedIn: true },
  // verify_otp signs the admin in, and the new password is set with that session: stay.
  { path: '/otp-verify', Page: lazyPage(() => import('./views/auth/OtpVerify')), bounceSignedIn: false },
  { path: '/forgot-password', Page: lazyPage(() => import('./views/auth/ForgotPassword')), bounceSignedIn: false },
];

/**
 * One page per screen for all its URLs: the list screens read their mode from the path. A
 * screen with commands of its own shows once they are registered (src/installCommands.ts
 * fetches them after the shell): its buttons and keys run them.
 */
export const protectedRoutes = screens.flatMap((s) => {
  const withCommands = async () => (await Promise.all([s.page(), import('./installCommands').then((m) => m.installLaterCommands())]))[0];
  const Page = lazyPage(s.commands || s.resource ? withCommands : s.page);
  return s.paths.map((path) => ({ path, Page }));
});

/** The signed-in frame, fetched with its own commands registered (every screen's follow: src/installCommands.ts). */
export const Shell = lazyPage(async () => {
  const [, page] = await Promise.all([import('./installCommands').then((m) => m.installCommands()), import('./views/Shell')]);
  return page;
});
export const NotFound = lazyPage(() => import('./views/NotFound'));
