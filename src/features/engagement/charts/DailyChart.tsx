// Events per day: views, opens and card views above; saves and redemptions below on their own
// scale (they are a few percent of views, and would lie flat on the first chart's floor). The
// two share the days and the hover (uPlot's cursor sync).
import uPlot from 'uplot';
import type { EngagementDay, EventType } from '@contract/engagement';
import { TYPE_LABELS } from '../labels';
import { day, dayMs, dubaiToday, num, short } from './format';
import { readPalette, type Palette } from './palette';
import { useUplot } from './useUplot';

const UPPER: EventType[] = ['offer_viewed', 'offer_opened', 'card_viewed'];
const LOWER: EventType[] = ['offer_saved', 'offer_redeemed'];

const isoOf = (ts: number) => new Date(ts * 1000).toISOString().slice(0, 10);

/**
 * Shades today when the range ends today (its count is of the hours gone so far, and a line
 * falling at the right edge would otherwise read as a collapse); under the lines. The
 * section's subtitle says what the shade means.
 */
function shadeToday(today: number | null, p: Palette): uPlot.Hooks.Arrays {
  if (today === null) return {};
  const draw = (u: uPlot) => {
    const x0 = Math.max(u.bbox.left, u.valToPos(today - 43_200, 'x', true));
    const x1 = u.bbox.left + u.bbox.width;
    u.ctx.save();
    u.ctx.fillStyle = p.band;
    u.ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
    u.ctx.restore();
  };
  return { drawClear: [draw] };
}

function options(
  width: number,
  height: number,
  types: EventType[],
  p: Palette,
  days: number,
  title: string,
  today: number | null,
): uPlot.Options {
  const axis = {
    stroke: p.muted,
    font: p.font,
    grid: { stroke: p.grid, width: 1 },
    ticks: { stroke: p.grid, width: 1 },
  };
  return {
    width,
    height,
    title,
    // Days are calendar days: label them as UTC, so the date shown is the date meant.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    cursor: { sync: { key: 'engagement-daily' }, points: { size: 6 } },
    legend: { live: true },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.08)] } },
    hooks: shadeToday(today, p),
    axes: [
      { ...axis, space: 56, values: (_u, splits) => splits.map((ts) => day(isoOf(ts))) },
      { ...axis, size: 48, values: (_u, splits) => splits.map(short) },
    ],
    series: [
      { label: 'Day', value: (_u, ts) => (ts == null ? '' : day(isoOf(ts), true)) },
      ...types.map((t) => ({
        label: TYPE_LABELS[t].many,
        stroke: p.type[t],
        width: t === 'offer_viewed' || t === 'offer_redeemed' ? 2 : 1.5,
        points: { show: days <= 31 },
        value: (_u: uPlot, v: number | null) => (v == null ? '–' : num(v)),
      })),
    ],
  };
}

interface PanelProps {
  days: readonly EngagementDay[];
  types: EventType[];
  height: number;
  title: string;
  /** The theme in effect: a change redraws with its colours. */
  theme: string;
}

function Panel({ days, types, height, title, theme }: PanelProps) {
  const data: uPlot.AlignedData = [days.map((d) => dayMs(d.day) / 1000), ...types.map((t) => days.map((d) => d[t]))];
  const last = days.at(-1)?.day;
  const today = last && last === dubaiToday() ? dayMs(last) / 1000 : null;
  const box = useUplot((w) => options(w, height, types, readPalette(), days.length, title, today), data, [days, theme]);
  return <div ref={box} className="eng-plot" />;
}

export function DailyChart({ days, theme }: { days: readonly EngagementDay[]; theme: string }) {
  return (
    <div className="eng-daily" role="img" aria-label="Events per day by type: a line chart">
      <Panel days={days} types={UPPER} height={230} title="Views, opens, card views" theme={theme} />
      <Panel days={days} types={LOWER} height={150} title="Saves and redemptions" theme={theme} />
    </div>
  );
}
