import { SLO_RHOS, nearestRho } from '../../engine/index.ts';
import { useExplorer } from '../../state/store.ts';

/** The lessons' GPA ρ: the link's fit when it is GPA, else 0.01. */
export function useLessonRho(): number {
  return useExplorer((s) => (s.params.fit.kind === 'gpa' ? s.params.fit.rho : 0.01));
}

/** A slider over the lesson ρ stops (log-spaced); writes GPA(ρ) into the shared parameters. */
export function RhoSlider({ label = 'SLO ρ' }: { label?: string }) {
  const rho = useLessonRho();
  const setParams = useExplorer((s) => s.setParams);
  const index = nearestRho(rho);
  return (
    <label className="rho-slider">
      <span>
        {label} = <output data-testid="lesson-rho">{rho}</output>
      </span>
      <input
        type="range"
        min={0}
        max={SLO_RHOS.length - 1}
        step={1}
        value={index}
        aria-label={label}
        aria-valuetext={`ρ = ${SLO_RHOS[index]}`}
        data-testid="lesson-rho-slider"
        onChange={(e) => setParams({ fit: { kind: 'gpa', rho: SLO_RHOS[Number(e.target.value)] } })}
      />
    </label>
  );
}
