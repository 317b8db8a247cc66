import { Redirect, Router, matchRoute, useLocation, useRouter } from 'wouter';
import { useSnapshot } from 'valtio';
import { BASE } from './store/navigate';
import { isSignedIn, session } from './store/session';
import { ui } from './store/ui';
import { NotFound, protectedRoutes, publicRoutes, Shell } from './routes';
import { screens } from './screens';
import { whenIdle } from './ui/later';
import { PageBoundary } from './ui/lazyPage';
import { Loader } from './ui/Loader';
import { Toasts } from './ui/toast';

export function App() {
  const { loading } = useSnapshot(session);
  const { theme } = useSnapshot(ui);
  return (
    <Router base={BASE}>
      <Root />
      {/* Bottom right, at most 20; durations are set per toast (2 s success, 4 s error, 8 s with
          Undo). Every screen keeps its buttons at the top (Sign out, a pane's head, a list's
          filters, chips and selection bar, whose height varies), so the bottom corner is the
          one place a toast covers none of them. sonner itself arrives with the first toast (ui/toast.tsx). */}
      <Toasts position="bottom-right" offset={{ bottom: 16, right: 16 }} mobileOffset={{ bottom: 12 }} visibleToasts={20} theme={theme} toastOptions={{ duration: 4000 }} closeButton />
      {loading && <Loader overlay label="Please wait…" />}
    </Router>
  );
}

function Root() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const s = useSnapshot(session);
  const signedIn = isSignedIn(s);
  const matches = (path: string) => matchRoute(parser, path, location)[0];

  const pub = publicRoutes.find((r) => matches(r.path));
  if (pub) {
    if (signedIn && pub.bounceSignedIn) return <Redirect to={nextPath()} replace />;
    preloadShellWhenIdle();
    return (
      <PageBoundary>
        <pub.Page />
      </PageBoundary>
    );
  }

  const page = protectedRoutes.find((r) => matches(r.path));
  if (page) {
    if (!signedIn) {
      // Come back here after signing in (the plain home page needs no note).
      const next = location === '/' ? '' : `?next=${encodeURIComponent(location + window.location.search)}`;
      return <Redirect to={`/login${next}`} replace />;
    }
    // Shell and page chunks download side by side instead of one after the other.
    page.Page.preload();
    return (
      <PageBoundary>
        <Shell screens={screens} routes={protectedRoutes} notFound={NotFound} />
      </PageBoundary>
    );
  }

  // An unknown path: inside the signed-in frame when there is one, so the sidebar, the
  // palette and the g-keys lead on from there.
  return <PageBoundary>{signedIn ? <Shell screens={screens} routes={protectedRoutes} notFound={NotFound} /> : <NotFound />}</PageBoundary>;
}

/**
 * On the sign-in pages, fetch the shell and the dashboard once the page is idle: they are not
 * part of the sign-in page's own download, but are ready the moment the admin signs in (so a
 * Ctrl+K pressed right away finds its hotkeys bound).
 */
let shellPreloaded = false;
function preloadShellWhenIdle() {
  if (shellPreloaded) return;
  shellPreloaded = true;
  whenIdle(() => {
    Shell.preload();
    protectedRoutes[0].Page.preload();
  });
}

/** Where to go after signing in: ?next= when it is a path inside this app, else the dashboard. */
function nextPath(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}
