import { useEffect, useSyncExternalStore, type ComponentType, type MouseEvent } from 'react';
import { matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { runCommand } from '@/commands/runner';
import { getCommand, getVersion, subscribe } from '@/commands/registry';
import { Hotkeys } from '@/commands/Hotkeys';
import { CheatSheet } from '@/commands/CheatSheet';
import { CommandButton } from '@/commands/CommandButton';
import { session } from '@/store/session';
import { openLiveUpdates } from '@/api/events';
import { startSavedViews } from '@/features/savedViews/savedViews';
import { effectiveTheme, ui, type Theme } from '@/store/ui';
import { matchPath } from '@/store/router';
import { BASE } from '@/store/navigate';
import { needsAt, type ScreenEntry } from '@/screens/screenEntry';
import { allows, roleLabel } from '@/store/role';
import { Confirm } from '@/ui/Confirm';
import { Kbd } from '@/ui/Kbd';
import { later, whenIdle } from '@/ui/later';
import { PageBoundary } from '@/ui/lazyPage';
import Forbidden from './Forbidden';
import './Shell.css';

interface ShellProps {
  /** The screens, in sidebar order (src/app/screens.ts). */
  screens: readonly ScreenEntry[];
  /** Route pattern → page and its screen (src/app/screenRoutes.ts). */
  routes: readonly { path: string; Page: ComponentType; screen?: ScreenEntry }[];
  /** The page for a path no route answers. */
  notFound: ComponentType;
}

/**
 * The palette's code (cmdk and Radix's dialog, a third of the shell's) is not needed to show
 * the shell: it comes when the browser is idle, or with the first Ctrl+K, and is mounted
 * (closed) from then on.
 */
const palette = later(() => import('@/commands/Palette'));
/** A failed download is tried again by the next Ctrl+K. */
const loadPalette = () => void palette.load().catch(() => undefined);

/** The signed-in frame: sidebar, top bar, the page, and the keyboard layer. */
export default function Shell({ screens, routes, notFound: NotFound }: ShellProps) {
  const [location] = useLocation();
  const { parser } = useRouter();
  // Same Page component for /bank-list and /view-bank/3: React keeps it mounted between them.
  const route = routes.find((r) => matchRoute(parser, r.path, location)[0]);
  const search = useSearch();
  const { userDetails, token, user_id } = useSnapshot(session);
  // The sidebar lists a screen when its Go to command is there for this role (the registry decides).
  useSyncExternalStore(subscribe, getVersion);
  // A form (or screen) this role may not open: the refusal, in the frame, instead of the page.
  const needs = route?.screen ? needsAt(route.screen, location, search) : undefined;
  const refused = !allows(needs, userDetails?.role ?? null);
  const { theme, navOpen, paletteOpen } = useSnapshot(ui);
  const name = userDetails?.name || userDetails?.email || 'Admin';
  const Palette = palette.use()?.Palette;
  useEffect(() => whenIdle(loadPalette), []);
  // Others' changes reach the open lists and forms while signed in (src/api/events.ts).
  useEffect(() => (token ? openLiveUpdates({ me: user_id }) : undefined), [token, user_id]);
  // The saved views (own and shared) the palette offers, kept on the server (src/features/savedViews/savedViews.ts).
  useEffect(() => (token ? startSavedViews() : undefined), [token, user_id]);
  useEffect(() => {
    if (paletteOpen) loadPalette();
  }, [paletteOpen]);

  return (
    <div className="shell">
      {/* The first Tab stop: past the sidebar's links, straight to the page. */}
      <a className="skip-link" href="#content" onClick={skipToContent}>
        Skip to main content
      </a>
      <aside
        className={navOpen ? 'sidebar is-open' : 'sidebar'}
        aria-label="Sidebar"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && ui.navOpen) {
            e.stopPropagation();
            ui.navOpen = false;
          }
        }}
      >
        <div className="brand">
          <span className="brand-mark" aria-hidden>
            ◆
          </span>
          Cards Admin
        </div>
        <nav aria-label="Main">
          <ul className="nav">
            {screens.map((s) => {
              const id = `nav.${s.id}`;
              if (!s.nav || !getCommand(id)) return null;
              const active = s.paths.some((p) => matchPath(p.split('?')[0], location) !== null);
              const keys = getCommand(id)!.shortcut ?? s.nav.shortcut;
              return (
                <li key={s.id}>
                  <a
                    href={BASE + s.nav.path}
                    className={active ? 'nav-item is-active' : 'nav-item'}
                    aria-current={active ? 'page' : undefined}
                    title={s.title}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // new tab etc.
                      e.preventDefault();
                      ui.navOpen = false;
                      void runCommand(id, 'menu');
                    }}
                  >
                    {/* Narrow windows show the monogram alone; the title is the link's name and tooltip. */}
                    <span className="nav-icon" aria-hidden>
                      {monogram(s.title)}
                    </span>
                    <span className="nav-label">{s.title}</span>
                    {/* A screen without g-keys of its own is found by "Go to …" in the palette. */}
                    {keys && <Kbd shortcut={keys} />}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="sidebar-foot">
          <p className="sidebar-role" data-testid="current-role">
            Signed in as <strong>{roleLabel(userDetails?.role)}</strong>
          </p>
          <CommandButton id="app.shortcuts" label="Shortcuts" variant="ghost" />
          <CommandButton id="app.theme" label={themeLabel(theme)} variant="ghost" />
        </div>
      </aside>

      <div className="main">
        <header className="topbar">
          <button
            type="button"
            className="btn btn-ghost menu-button"
            aria-expanded={navOpen}
            aria-label="Menu"
            onClick={() => (ui.navOpen = !navOpen)}
          >
            ☰
          </button>
          <button
            type="button"
            className="palette-trigger"
            title="Open command palette"
            onClick={() => void runCommand('app.palette', 'button')}
          >
            <span className="palette-trigger-text">Type a command or search…</span>
            <Kbd shortcut="mod+k" />
          </button>
          <div className="topbar-user">
            <span className="avatar" aria-hidden>
              {userDetails?.avatar ? <img src={userDetails.avatar} alt="" /> : initials(name)}
            </span>
            <span className="topbar-name" data-testid="current-admin" title={name}>
              {name}
            </span>
            <CommandButton id="app.signOut" variant="ghost" />
          </div>
        </header>
        <main className="content" id="content" tabIndex={-1}>
          <PageBoundary resetKey={location}>
            {!route ? <NotFound /> : refused ? <Forbidden needs={needs} screen={route.screen} /> : <route.Page />}
          </PageBoundary>
        </main>
      </div>

      {navOpen && <div className="nav-backdrop" aria-hidden onClick={() => (ui.navOpen = false)} />}
      <Hotkeys />
      {Palette && <Palette />}
      <CheatSheet />
      <Confirm />
    </div>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** The theme control says what is in effect: 'Theme: Dark', or 'Theme: System (light)'. */
const themeLabel = (theme: Theme) =>
  theme === 'system' ? `Theme: System (${effectiveTheme(theme)})` : `Theme: ${theme === 'dark' ? 'Dark' : 'Light'}`;

/** Focus the page itself (the link's #content would also change the URL's hash, which the router reads). */
function skipToContent(e: MouseEvent) {
  e.preventDefault();
  document.getElementById('content')?.focus();
}

/** 'Outlet radius' → 'OR', 'Cards' → 'Ca': a nav item's stand-in for an icon in the narrow sidebar. */
const monogram = (title: string) => {
  const words = title.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return words.length > 1 ? (words[0][0] + words[1][0]).toUpperCase() : title.slice(0, 2);
};
