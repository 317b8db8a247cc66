// A trend in a few pixels, as plain SVG: the dashboard loads no chart library for one line.
const W = 120;
const H = 34;

/** `min`: the value at the bottom (0 unless given: a score near 100 needs a closer floor to show its moves). */
export function Sparkline({ values, label, min = 0 }: { values: readonly number[]; label: string; min?: number }) {
  if (values.length < 2) return null;
  const max = Math.max(min + 1, ...values);
  const x = (i: number) => (i / (values.length - 1)) * W;
  const y = (v: number) => H - 2 - ((v - min) / (max - min)) * (H - 4);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      <polygon className="sparkline-area" points={`0,${H} ${line} ${W},${H}`} />
      <polyline className="sparkline-line" points={line} />
      <circle className="sparkline-dot" cx={x(values.length - 1)} cy={y(values.at(-1)!)} r={2.5} />
    </svg>
  );
}
