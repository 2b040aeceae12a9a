/** Number formats shared by the views. */
export function formatQ(q: number, evaluated: number): string {
  if (q === 0) return `0 (below 1/|E| = ${(1 / evaluated).toExponential(0)})`;
  return q >= 0.001 ? q.toFixed(4) : q.toExponential(2);
}

export function formatNumber(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const a = Math.abs(x);
  return a >= 1000 || a < 1e-3 ? x.toExponential(2) : String(+x.toPrecision(digits + 1));
}
