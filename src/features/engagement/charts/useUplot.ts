// One uPlot chart in a div: made when the data or the theme changes, resized with its box,
// destroyed with the component. uPlot draws on a canvas, so colours are read from the CSS
// custom properties when it is made (./palette.ts) and a theme change makes it again.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export function useUplot(make: (width: number) => uPlot.Options, data: uPlot.AlignedData, deps: readonly unknown[]) {
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(make(el.clientWidth), data, el);
    let width = el.clientWidth;
    const resized = new ResizeObserver(() => {
      if (el.clientWidth === width || el.clientWidth === 0) return;
      width = el.clientWidth;
      plot.setSize({ width, height: plot.height });
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the options and data depend on
  }, deps);
  return box;
}
