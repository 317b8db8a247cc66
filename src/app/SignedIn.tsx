// Every path but the sign-in pages: a screen in the signed-in frame, the sign-in page for a
// screen's path when signed out, or not found. In a chunk of its own with the screens' route
// table, which the first download (and so the sign-in page) does without.
import { Redirect, matchRoute, useLocation, useRouter } from 'wouter';
import { useSnapshot } from 'valtio';
import { isSignedIn, session } from '@/store/session';
import { NotFound, Shell } from './routes';
import { protectedRoutes } from './screenRoutes';
import { screens } from './screens';

export default function SignedIn() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const signedIn = isSignedIn(useSnapshot(session));

  const page = protectedRoutes.find((r) => matchRoute(parser, r.path, location)[0]);
  if (page) {
    if (!signedIn) {
      // Come back here after signing in (the plain home page needs no note).
      const next = location === '/' ? '' : `?next=${encodeURIComponent(location + window.location.search)}`;
      return <Redirect to={`/login${next}`} replace />;
    }
    // Shell and page chunks download side by side instead of one after the other.
    page.Page.preload();
    return <Shell screens={screens} routes={protectedRoutes} notFound={NotFound} />;
  }

  // An unknown path: inside the signed-in frame when there is one, so the sidebar, the
  // palette and the g-keys lead on from there.
  return signedIn ? <Shell screens={screens} routes={protectedRoutes} notFound={NotFound} /> : <NotFound />;
}
