// The charts' colours, from the stylesheet (engagement.css and src/ui/base.css), so light and
// dark come from one place: a canvas cannot use var(--…) itself.
import type { EventType } from '@contract/engagement';

export interface Palette {
  text: string;
  muted: string;
  grid: string;
  /** A shaded stretch of a chart (today, partly counted). */
  band: string;
  font: string;
  type: Record<EventType, string>;
}

export function readPalette(el: Element = document.documentElement): Palette {
  const css = getComputedStyle(el);
  const v = (name: string) => css.getPropertyValue(name).trim();
  const family = getComputedStyle(document.body).fontFamily;
  return {
    text: v('--text'),
    muted: v('--text-muted'),
    grid: v('--border'),
    band: v('--bg-sunken'),
    font: `11px ${family}`,
    type: {
      offer_viewed: v('--ev-viewed'),
      offer_opened: v('--ev-opened'),
      offer_saved: v('--ev-saved'),
      offer_redeemed: v('--ev-redeemed'),
      card_viewed: v('--ev-card'),
    },
  };
}

/** '#5b5bd6' + 0.35 → 'rgba(91, 91, 214, 0.35)' (bars are filled lighter than their edge). */
export function alpha(hex: string, a: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}
