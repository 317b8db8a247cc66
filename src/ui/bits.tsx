// Small pieces the user, category, network, radius, area and card screens share.
import type { ReactNode } from 'react';
import { isMasked } from '@contract/people';
import './catalogue.css';
import './bits.css';
import { formatDecimal } from '@/lib/format';

/** A square image, or the name's first letter when there is none. */
export function Thumb({
  src,
  name,
  size = 20,
  round = false,
}: {
  src: string | null;
  name: string;
  size?: number;
  round?: boolean;
}) {
  return (
    <span
      className={round ? 'thumb thumb-round' : 'thumb'}
      style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) }}
      aria-hidden
    >
      {src ? <img src={src} alt="" loading="lazy" /> : (name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

export type Tone = 'on' | 'off' | 'warn' | 'accent';

export function Badge({ tone = 'off', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`pill pill-${tone}`}>{children}</span>;
}

/** A status dot with its meaning for screen readers and as a tooltip. */
export function Dot({ on, label }: { on: boolean; label: string }) {
  return <span className={on ? 'status-dot is-on' : 'status-dot'} role="img" aria-label={label} title={label} />;
}

/** A value, or a muted dash when there is none. */
export const orDash = (v: ReactNode) =>
  v === null || v === undefined || v === '' ? <span className="muted">—</span> : v;

/**
 * An e-mail address as a mailto: link; masked (a role without people.read: contract/people.ts),
 * plain text titled so, as it is no address to write to.
 */
export function EmailLink({ email }: { email: string }) {
  if (isMasked(email))
    return <span title="Hidden: your role does not see people's e-mail addresses and phone numbers">{email}</span>;
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** One line of a list row: the main text, muted text after it, and whatever sits at the end. */
export function RowLine({ title, sub, end }: { title: ReactNode; sub?: ReactNode; end?: ReactNode }) {
  return (
    <>
      <span className="row-title">{title}</span>
      {sub !== undefined && <span className="row-sub">{sub}</span>}
      {end !== undefined && <span className="row-end">{end}</span>}
    </>
  );
}

export const formatMoney = (n: number | null | undefined) =>
  n === null || n === undefined ? null : `AED ${formatDecimal(n)}`;
