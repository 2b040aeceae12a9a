/**
 * Observable Plot (and d3 behind it) is the largest part of the page's code and draws nothing the
 * first numbers need: the first page loads it after them. `usePlot()` gives the module once loaded
 * (null before, and the component renders again when it arrives).
 */
import { useEffect, useState } from 'react';

export type PlotModule = typeof import('@observablehq/plot');

let loaded: PlotModule | null = null;
let loading: Promise<PlotModule> | null = null;

function loadPlot(): Promise<PlotModule> {
  loading ??= import('@observablehq/plot').then((m) => (loaded = m));
  return loading;
}

export function usePlot(): PlotModule | null {
  const [plot, setPlot] = useState(loaded);
  useEffect(() => {
    if (plot) return;
    let live = true;
    void loadPlot().then((m) => live && setPlot(m));
    return () => {
      live = false;
    };
  }, [plot]);
  return plot;
}
