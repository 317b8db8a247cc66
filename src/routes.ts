// Every route and the chunk behind it. Pages load on demand; this table is all the
// first download knows about them.
import { lazyPage } from './ui/lazyPage';
import { bankRoutes } from './views/catalogue/banks/paths';
import { importCsvRoute } from './views/catalogue/csv/paths';
import { outletRoutes } from './views/catalogue/outlets/paths';
import { offerRoutes } from './views/catalogue/offers/paths';

export const publicRoutes = [
  { path: '/login', Page: lazyPage(() => import('./views/auth/Login')), bounceSignedIn: true },
  { path: '/send-email', Page: lazyPage(() => import('./views/auth/SendEmail')), bounceSignedIn: true },
  // verify_otp signs the admin in, and the new password is set with that session: stay.
  { path: '/otp-verify', Page: lazyPage(() => import('./views/auth/OtpVerify')), bounceSignedIn: false },
  { path: '/forgot-password', Page: lazyPage(() => import('./views/auth/ForgotPassword')), bounceSignedIn: false },
];

const Banks = lazyPage(() => import('./views/catalogue/banks/BanksScreen'));
const Outlets = lazyPage(() => import('./views/catalogue/outlets/OutletsScreen'));
const Offers = lazyPage(() => import('./views/catalogue/offers/OffersScreen'));

/** One Banks page for four URLs: the split pane reads its mode from the path. */
export const protectedRoutes = [
  { path: '/', Page: lazyPage(() => import('./views/dashboard/Dashboard')) },
  { path: '/profile', Page: lazyPage(() => import('./views/profile/Profile')) },
  ...Object.values(bankRoutes).map((path) => ({ path, Page: Banks })),
  ...Object.values(outletRoutes).map((path) => ({ path, Page: Outlets })),
  ...Object.values(offerRoutes).map((path) => ({ path, Page: Offers })),
  { path: importCsvRoute, Page: lazyPage(() => import('./views/catalogue/csv/ImportCsvScreen')) },
];

export const Shell = lazyPage(() => import('./views/Shell'));
export const NotFound = lazyPage(() => import('./views/NotFound'));
