import { Redirect, Router, matchRoute, useLocation, useRouter } from 'wouter';
import { useSnapshot } from 'valtio';
import { BASE } from '@/store/navigate';
import { isSignedIn, session } from '@/store/session';
import { ui } from '@/store/ui';
import { publicRoutes, Shell, SignedIn } from './routes';
import { whenIdle } from '@/ui/later';
import { PageBoundary } from '@/ui/lazyPage';
import { Loader } from '@/ui/Loader';
import { Toasts } from '@/ui/toast';

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
      <Toasts
        position="bottom-right"
        offset={{ bottom: 16, right: 16 }}
        mobileOffset={{ bottom: 12 }}
        visibleToasts={20}
        theme={theme}
        toastOptions={{ duration: 4000 }}
        closeButton
      />
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

  // The frame starts downloading beside the chunk with the screens' routes.
  if (signedIn) Shell.preload();
  return (
    <PageBoundary>
      <SignedIn />
    </PageBoundary>
  );
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
    SignedIn.preload();
    void import('./screenRoutes').then((m) => m.protectedRoutes.find((r) => r.path === '/')?.Page.preload()); // the dashboard
  });
}

/** Where to go after signing in: ?next= when it is a path inside this app, else the dashboard. */
function nextPath(): string {
  const next = new URLSearchParams(window.location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}
