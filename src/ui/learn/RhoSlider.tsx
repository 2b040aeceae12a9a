import { SLO_RHOS, nearestRho } from '../../engine/index.ts';
import { fieldProblem, fitFields } from '../../state/common/store/fitFields.ts';
import { explorer, useExplorer } from '../../state/common/store/store.ts';
import { SliderNumber, type SliderScale } from '../SliderNumber.tsx';
import { setFromPlayback } from '../playback.ts';
import type { DragSetter } from '../plotDrag.ts';

/** The lessons' GPA ρ: their own, apart from Pack's fit. */
export function useLessonRho(): number {
  return useExplorer((s) => s.params.lessonRho);
}

/** The lesson ρ stops (log-spaced) as slider positions. */
const RHO_STOPS: SliderScale = {
  steps: SLO_RHOS.length - 1,
  toPosition: nearestRho,
  fromPosition: (i) => SLO_RHOS[i],
};

/**
 * A drag along a plot's ρ axis as the slider would set it: the ρ under the pointer taken to the
 * slider's nearest stop, the whole drag one history entry.
 */
export const dragLessonRho: DragSetter = (value, frame) => {
  const rho = RHO_STOPS.fromPosition(RHO_STOPS.toPosition(value));
  if (rho === explorer.getState().params.lessonRho) return false;
  setFromPlayback({ lessonRho: rho }, frame);
  return true;
};

const RHO_RANGE = fitFields({ kind: 'gpa', rho: 0.01 })[0].range;

/** A slider over the lesson ρ stops, with a box for any ρ; writes the lessons' own ρ. */
export function RhoSlider({ label = 'SLO ρ' }: { label?: string }) {
  const rho = useLessonRho();
  const setParams = useExplorer((s) => s.setParams);
  return (
    <SliderNumber
      className="rho-slider"
      label={label}
      caption={`${label} =`}
      value={rho}
      scale={RHO_STOPS}
      problem={(raw) => fieldProblem(RHO_RANGE, raw)}
      testId="lesson-rho-slider"
      valueTestId="lesson-rho"
      onChange={(v) => setParams({ lessonRho: v })}
    />
  );
}
