// A ranked chart (top offers, banks, cards, categories): one horizontal bar per row, longest
// first, its name on the left axis, so the order and the gaps read at a glance; the numbers
// are in the table beside it.
import uPlot from 'uplot';
import type { EventType } from '@contract/engagement';
import { num, short } from './format';
import { alpha, readPalette, type Palette } from './palette';
import { useUplot } from './useUplot';

export interface Bar {
  label: string;
  value: number;
}

const ROW = 26;
const AXES = 34;
/** Names longer than this are cut on the axis (the table has them whole). */
const LABEL_CHARS = 26;
const cut = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

function options(width: number, bars: readonly Bar[], p: Palette, color: string, what: string): uPlot.Options {
  const axis = { stroke: p.muted, font: p.font, grid: { stroke: p.grid, width: 1 }, ticks: { show: false } };
  const labelWidth = Math.min(190, 24 + 6.2 * Math.max(4, ...bars.map((b) => cut(b.label).length)));
  return {
    width,
    height: AXES + ROW * Math.max(bars.length, 1),
    legend: { show: false },
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    // The category scale runs top to bottom (ori 1, dir -1): the first row is the biggest.
    scales: {
      x: { time: false, ori: 1, dir: -1, range: [-0.5, bars.length - 0.5] },
      y: { ori: 0, range: (_u, _min, max) => [0, Math.max(4, max * 1.05)] },
    },
    axes: [
      {
        ...axis,
        side: 3,
        size: labelWidth,
        grid: { show: false },
        splits: () => bars.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => cut(bars[i]?.label ?? '')),
      },
      { ...axis, side: 2, size: 28, space: 64, values: (_u, splits) => splits.map(short) },
    ],
    series: [
      {},
      {
        label: what,
        stroke: color,
        fill: alpha(color, 0.55),
        width: 1,
        paths: uPlot.paths.bars!({ size: [0.72, 22], radius: 0.15 }),
        points: { show: false },
        value: (_u: uPlot, v: number | null) => (v == null ? '' : num(v)),
      },
    ],
  };
}

interface BarChartProps {
  bars: readonly Bar[];
  /** Whose colour the bars take. */
  type: EventType;
  /** What a bar counts, for the hover. */
  what: string;
  label: string;
  /** The theme in effect: a change redraws with its colours. */
  theme: string;
}

export function BarChart({ bars, type, what, label, theme }: BarChartProps) {
  const data: uPlot.AlignedData = [bars.map((_, i) => i), bars.map((b) => b.value)];
  const box = useUplot(
    (w) => {
      const p = readPalette();
      return options(w, bars, p, p.type[type], what);
    },
    data,
    [bars, theme],
  );
  return <div ref={box} className="eng-plot" role="img" aria-label={label} />;
}
