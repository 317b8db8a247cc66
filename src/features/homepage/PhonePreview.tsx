// The app's homepage as configured, on a phone-sized screen: the welcome box, the hero
// banners in order as a carousel strip, the selected offers and the don't miss out strip —
// only what is active and scheduled at the chosen day (contract/homepageFields.ts isShownAt),
// and no expired offer, as the app does. The date field previews another day's (Dubai's days).
import { useEffect, useRef } from 'react';
import type { DontMissOut, HeroBanner } from '@contract/homepageBanners';
import { isShownAt } from '@contract/homepageFields';
import type { SelectedOffer } from '@contract/homepageSelected';
import type { WelcomeBox } from '@contract/homepageWelcome';
import { DateField } from '@/ui/DateField';
import { formatDay } from '@/lib/format';
import { localDay, previewMoment, type HomepageTab, type TabList } from './homepageTypes';
import { homepage } from './model';

interface PhonePreviewProps {
  lists: Readonly<Record<HomepageTab, TabList>>;
  day: string;
  /** The tab shown beside: its part of the homepage is outlined and scrolled to. */
  tab: HomepageTab;
}

export function PhonePreview({ lists, day, tab }: PhonePreviewProps) {
  const screenRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const screen = screenRef.current;
    const part = screen?.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    if (screen && part) screen.scrollTo({ top: Math.max(0, part.offsetTop - 36), behavior: 'smooth' });
  }, [tab]);
  const part = (t: HomepageTab) => ({ 'data-tab': t, className: t === tab ? 'app-part is-current' : 'app-part' });
  const at = previewMoment(day);
  const shown = <T extends HeroBanner | WelcomeBox | SelectedOffer | DontMissOut>(tab: HomepageTab) =>
    (lists[tab].items as T[]).filter((r) => isShownAt(r, at));
  const heroes = shown<HeroBanner>('hero-banners');
  const welcome = shown<WelcomeBox>('welcome-boxes')[0];
  const offers = shown<SelectedOffer>('selected-offers').filter((o) => !o.expired);
  const tiles = shown<DontMissOut>('dont-miss-out');
  const total = Object.values(lists).reduce((n, l) => n + l.items.length, 0);
  const hidden = total - heroes.length - shown('welcome-boxes').length - offers.length - tiles.length;
  const loading = Object.values(lists).some((l) => l.status === 'loading' || l.status === 'idle');
  const today = localDay();

  return (
    <div className="hp-preview-inner">
      <div className="hp-preview-head">
        <div className="hp-preview-date">
          <span aria-hidden>Preview on</span>
          <DateField label="Preview date" hideLabel compact value={day} onChange={homepage.setPreviewDate} />
        </div>
        {day !== today && (
          <button type="button" className="btn btn-ghost" onClick={() => homepage.setPreviewDate(today)}>
            Today
          </button>
        )}
      </div>
      <div
        className="phone"
        role="img"
        aria-label={`The app's homepage on ${formatDay(day)}: ${heroes.length} hero banners, ${offers.length} selected offers, ${tiles.length} don't miss out banners`}
      >
        <div className="phone-screen" aria-hidden ref={screenRef}>
          <div className="phone-status">
            <span>9:41</span>
            <span className="phone-notch" />
            <span>●●●</span>
          </div>
          {loading && <p className="app-note">Loading…</p>}
          <section {...part('welcome-boxes')}>
            <Welcome box={welcome} />
          </section>
          <section {...part('hero-banners')}>
            <HeroStrip banners={heroes} />
          </section>
          <section {...part('selected-offers')}>
            <h4 className="app-head">Selected offers</h4>
            <Offers offers={offers} />
          </section>
          <section {...part('dont-miss-out')}>
            <h4 className="app-head">Don't miss out</h4>
            <Tiles tiles={tiles} />
          </section>
        </div>
      </div>
      <p className="hp-preview-foot muted">
        {hidden > 0
          ? `${hidden} item${hidden === 1 ? '' : 's'} not shown on this day (off, scheduled, ended or expired).`
          : 'Every item is shown on this day.'}
      </p>
    </div>
  );
}

const picture = (src: string | null) => (src ? { backgroundImage: `url("${src}")` } : undefined);

function Welcome({ box }: { box: WelcomeBox | undefined }) {
  if (!box) return <p className="app-note">No welcome box on this day.</p>;
  return (
    <div className="app-welcome">
      <strong>{box.title}</strong>
      <p>{box.message}</p>
    </div>
  );
}

/** The carousel: the banners in order, the first in view; a banner with no picture shows its title on the brand colour. */
function HeroStrip({ banners }: { banners: readonly HeroBanner[] }) {
  if (!banners.length) return <p className="app-note">No hero banner on this day.</p>;
  return (
    <>
      {/* Keyed by the order: the strip snaps (homepage.css), and a browser re-snaps to the
          slide it showed after its nodes move, so a moved first banner stayed in view as if
          first. A new order is a new strip, scrolled to its start. */}
      <div className="app-hero" key={banners.map((b) => b.id).join(',')}>
        {banners.map((b) => (
          <div key={b.id} className="app-hero-slide" style={picture(b.image)}>
            <span className="app-hero-text">
              <strong>{b.title}</strong>
              {b.subtitle && <span>{b.subtitle}</span>}
            </span>
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="app-dots">
          {banners.map((b, i) => (
            <span key={b.id} className={i === 0 ? 'is-on' : undefined} />
          ))}
        </div>
      )}
    </>
  );
}

function Offers({ offers }: { offers: readonly SelectedOffer[] }) {
  if (!offers.length) return <p className="app-note">No offer on this day.</p>;
  return (
    <div className="app-offers">
      {offers.map((o) => (
        <div key={o.id} className="app-offer">
          <span className="app-offer-pic" style={picture(o.offer_image)} />
          <strong>{o.discount}</strong>
          <span>{o.offer_title}</span>
        </div>
      ))}
    </div>
  );
}

function Tiles({ tiles }: { tiles: readonly DontMissOut[] }) {
  if (!tiles.length) return <p className="app-note">Nothing on this day.</p>;
  return (
    <div className="app-tiles">
      {tiles.map((t) => (
        <div key={t.id} className="app-tile" style={picture(t.image)}>
          <span>{t.title}</span>
        </div>
      ))}
    </div>
  );
}
