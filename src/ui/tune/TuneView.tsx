/** SLO tuning (issue 7): calibration sweeps and the auto-tuner. */
export function TuneView() {
  return <div className="tune-view" data-testid="tune" />;
}
