// Every route and the chunk behind it. Pages load on demand; this table is all the
// first download knows about them.
import { lazyPage } from './ui/lazyPage';
import { bankRoutes } from './views/catalogue/banks/paths';
import { cardRoutes } from './views/catalogue/cards/paths';
import { categoryRoutes } from './views/catalogue/categories/paths';
import { cityRoutes } from './views/catalogue/cities/paths';
import { networkRoutes } from './views/catalogue/networks/paths';
import { outletRadiusRoutes } from './views/catalogue/outletRadius/paths';
import { userRoutes } from './views/catalogue/users/paths';
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
const Cards = lazyPage(() => import('./views/catalogue/cards/CardsScreen'));
const Users = lazyPage(() => import('./views/catalogue/users/UsersScreen'));
const Categories = lazyPage(() => import('./views/catalogue/categories/CategoriesScreen'));
const Networks = lazyPage(() => import('./views/catalogue/networks/NetworksScreen'));
const OutletRadius = lazyPage(() => import('./views/catalogue/outletRadius/OutletRadiusScreen'));
const Cities = lazyPage(() => import('./views/catalogue/cities/CitiesScreen'));
/** Route paths of a screen: its add flag ('/user-list?new=1') is not a path of its own. */
const pathsOf = (routes: Record<string, string>) => [...new Set(Object.values(routes).map((p) => p.split('?')[0]))];
const Outlets = lazyPage(() => import('./views/catalogue/outlets/OutletsScreen'));
const Offers = lazyPage(() => import('./views/catalogue/offers/OffersScreen'));

/** One Banks page for four URLs: the split pane reads its mode from the path. */
export const protectedRoutes = [
  { path: '/', Page: lazyPage(() => import('./views/dashboard/Dashboard')) },
  { path: '/profile', Page: lazyPage(() => import('./views/profile/Profile')) },
  ...Object.values(bankRoutes).map((path) => ({ path, Page: Banks })),
  ...pathsOf(cardRoutes).map((path) => ({ path, Page: Cards })),
  ...pathsOf(userRoutes).map((path) => ({ path, Page: Users })),
  ...pathsOf(categoryRoutes).map((path) => ({ path, Page: Categories })),
  ...pathsOf(networkRoutes).map((path) => ({ path, Page: Networks })),
  ...pathsOf(outletRadiusRoutes).map((path) => ({ path, Page: OutletRadius })),
  // Areas are read-only: the list and an area's pane, no edit or add.
  ...[cityRoutes.list, cityRoutes.view].map((path) => ({ path, Page: Cities })),
  ...Object.values(outletRoutes).map((path) => ({ path, Page: Outlets })),
  ...Object.values(offerRoutes).map((path) => ({ path, Page: Offers })),
  { path: importCsvRoute, Page: lazyPage(() => import('./views/catalogue/csv/ImportCsvScreen')) },
];

export const Shell = lazyPage(() => import('./views/Shell'));
export const NotFound = lazyPage(() => import('./views/NotFound'));
