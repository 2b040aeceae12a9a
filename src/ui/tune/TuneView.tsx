/** SLO tuning: calibration sweeps of each fit family, the auto-tuner, and walk-forward advice. */
import { TUNE_MODES, type TuneMode } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { CalibrationPanel } from './CalibrationPanel.tsx';
import { TunerPanel } from './TunerPanel.tsx';
import { WalkPanel } from './WalkPanel.tsx';
import './tune.css';

const MODE_LABEL: Record<TuneMode, string> = {
  calibrate: 'Calibration',
  auto: 'Auto-tuner',
  walk: 'Walk-forward',
};

export function TuneView() {
  const mode = useExplorer((s) => s.params.tuneMode);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <div className="tune-view" data-testid="tune">
      <nav className="tune-modes" aria-label="Tuning">
        {TUNE_MODES.map((m) => (
          <button
            key={m}
            type="button"
            className={m === mode ? 'active' : undefined}
            aria-current={m === mode ? 'page' : undefined}
            data-testid={`tune-mode-${m}`}
            onClick={() => setParams({ tuneMode: m })}
          >
            {MODE_LABEL[m]}
          </button>
        ))}
      </nav>
      {mode === 'calibrate' ? (
        <CalibrationPanel />
      ) : mode === 'walk' ? (
        <WalkPanel />
      ) : (
        <TunerPanel />
      )}
    </div>
  );
}
