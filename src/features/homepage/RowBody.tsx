// What a row of each homepage list shows: its picture, title, a line under it, and whether
// the app shows it now (the switch and the schedule; a selected offer's validity).
import { memo } from 'react';
import { type HomepageItem } from './homepageTypes';
import { Badge } from '@/ui/bits';
import { linkText } from './links';
import { formatDay } from '@/lib/format';
import { SCHEDULE_LABEL, scheduleState, scheduleText } from './schedule';

/** Drawn again only when its row changed (a move redraws the rows it moved, not the others). */
export const RowBody = memo(function RowBody({ row, now }: { row: HomepageItem; now: number }) {
  const state = SCHEDULE_LABEL[scheduleState(row, now)];
  const schedule = scheduleText(row);
  let picture: string | null | undefined;
  let title: string;
  let sub: string | null;
  let flag = null;
  if ('offer_title' in row) {
    picture = row.offer_image;
    title = row.offer_title;
    sub = [row.discount, row.bank_names.join(', '), `until ${formatDay(row.valid_to)}`].filter(Boolean).join(' · ');
    if (row.expired) flag = <Badge tone="warn">Expired</Badge>;
  } else if ('message' in row) {
    title = row.title;
    sub = row.message;
  } else {
    picture = row.image;
    title = row.title;
    sub = ('subtitle' in row && row.subtitle) || linkText(row);
  }
  return (
    <>
      {picture !== undefined && (
        <span className="hp-thumb">{picture ? <img src={picture} alt="" loading="lazy" /> : null}</span>
      )}
      <span className="hp-row-text">
        <span className="hp-row-title">{title}</span>
        <span className="hp-row-sub">{[sub, schedule].filter(Boolean).join(' · ') || '\u00a0'}</span>
      </span>
      {/* An expired offer is left out whatever its schedule says: that is the one word to show. */}
      <span className="hp-row-end">{flag ?? <Badge tone={state.tone}>{state.label}</Badge>}</span>
    </>
  );
});
