/**
 * The knob lesson: LoadVariationRiskBalancing's margin and sensitivity as an overflow risk per node.
 * The node's σ is the link's step (in ten-thousandths of the capacity; 0: the worked σ = 0.04);
 * GPA's ρ is the lessons' shared ρ.
 */
import { useMemo, useState } from 'react';
import {
  LVRB_DOCUMENTED,
  lvrbCrossing,
  lvrbHeadroom,
  lvrbImpliedRisk,
  lvrbImpliedZ,
  type LvrbKnob,
} from '../../engine/learn/index.ts';
import { normalSurvivalQuantile } from '../../engine/stats/index.ts';
import { KNOB_SIGMA_RANGE, knobRiskSpec } from '../../present/learn/knobPlots.ts';
import { probabilityTick } from '../../present/probability.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { formatCount, formatFixed, formatNumber, roundSignificant } from '../../present/format.ts';
import { PlotFigure } from '../PlotFigure.tsx';
import { NumberBox, SliderNumber, logScale, rangeProblem } from '../SliderNumber.tsx';
import { KNOB_LESSON } from './knobLesson.ts';
import { LessonFrame, followLink } from './LessonFrame.tsx';
import { LESSONS, hrefOf } from './lessons.ts';
import { RhoSlider, useLessonRho } from './RhoSlider.tsx';
import { knobPrediction } from '../../present/learn/predictions.ts';

const SIGMA_STEP = 10_000;
const WORKED_SIGMA = 0.04;
const SIGMA_SCALE = logScale(KNOB_SIGMA_RANGE[0], KNOB_SIGMA_RANGE[1], (v) =>
  roundSignificant(v, 2),
);

/** A ratio as a reader says it: 2.3×, 35×, 34,900×. */
const times = (r: number) =>
  `${r < 10 ? formatFixed(r, 1) : formatCount(Math.round(roundSignificant(r, 3)))}×`;

const sigmaOfStep = (step: number) => (step > 0 ? Math.min(1, step / SIGMA_STEP) : WORKED_SIGMA);

/** The busy node the prediction asks about. */
const BUSY_SIGMA = 0.25;

const PREDICTION = knobPrediction({
  sigma: BUSY_SIGMA,
  risk: lvrbImpliedRisk(BUSY_SIGMA, LVRB_DOCUMENTED),
  z: lvrbImpliedZ(BUSY_SIGMA, LVRB_DOCUMENTED),
  quiet: lvrbImpliedRisk(WORKED_SIGMA, LVRB_DOCUMENTED),
});

function KnobBoxes({ knob, set }: { knob: LvrbKnob; set: (k: LvrbKnob) => void }) {
  return (
    <div className="knob-boxes">
      <NumberBox
        label="safeVarianceMargin"
        value={knob.margin}
        min={0}
        max={10}
        step={0.1}
        problem={rangeProblem('safeVarianceMargin', 0, 10)}
        onChange={(margin) => set({ ...knob, margin })}
        testId="knob-margin"
      />
      <NumberBox
        label="safeVarianceSensitivity"
        value={knob.sensitivity}
        min={0.5}
        max={10}
        step={0.5}
        problem={rangeProblem('safeVarianceSensitivity', 0.1, 10)}
        onChange={(sensitivity) => set({ ...knob, sensitivity })}
        testId="knob-sensitivity"
      />
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function KnobLesson() {
  const lesson = LESSONS.indexOf(KNOB_LESSON) + 1;
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const rho = useLessonRho();
  const [knob, setKnob] = useState<LvrbKnob>(LVRB_DOCUMENTED);
  const sigma = sigmaOfStep(params.step);
  const spec = useMemo(() => knobRiskSpec(knob, sigma, rho), [knob, sigma, rho]);
  const risk = lvrbImpliedRisk(sigma, knob);
  const gpaZ = normalSurvivalQuantile(rho);
  const crossing = lvrbCrossing(knob, rho);
  const verdict =
    Math.abs(risk - rho) <= 1e-3 * rho
      ? 'the same as GPA'
      : risk < rho
        ? `stricter than GPA: ${times(rho / risk)} less risk, more room kept idle`
        : `looser than GPA: ${times(risk / rho)} the risk GPA allows`;
  const schedulers = { ...params, view: 'schedulers' as const };
  return (
    <LessonFrame
      lesson={lesson}
      pack={null}
      keys="The sliders follow the arrow keys."
      prediction={PREDICTION}
    >
      <div data-testid="lesson-knob" className="knob-lesson">
        <div className="knob-controls">
          <SliderNumber
            label="node’s σ"
            caption="node’s σ ="
            value={sigma}
            scale={SIGMA_SCALE}
            problem={rangeProblem('σ', 0.0001, 1)}
            testId="knob-sigma"
            onChange={(v) => setParams({ step: Math.max(1, Math.round(v * SIGMA_STEP)) })}
          />
          <KnobBoxes knob={knob} set={setKnob} />
          <RhoSlider label="GPA’s ρ" />
        </div>
        <dl className="lesson-figures" data-testid="knob-figures">
          <Figure
            label="LVRB’s room above μ"
            value={`${formatNumber(lvrbHeadroom(sigma, knob), 3)} = ${formatNumber(lvrbImpliedZ(sigma, knob), 3)} σ`}
          />
          <Figure label="LVRB’s implied ρ" value={probabilityTick(risk)} testId="knob-risk" />
          <Figure
            label="GPA’s room above μ"
            value={`${formatNumber(gpaZ * sigma, 3)} = ${formatNumber(gpaZ, 3)} σ`}
          />
          <Figure label="at this σ, LVRB is" value={verdict} testId="knob-verdict" />
        </dl>
        <p className="lesson-note" data-testid="knob-crossing">
          {crossing === null
            ? `With sensitivity ${knob.sensitivity} the room is a fixed multiple of σ (or none): every node gets the same risk, ${probabilityTick(lvrbImpliedRisk(0.1, knob))}, whatever its σ.`
            : `The two agree at σ = ${formatNumber(crossing, 3)}; a steadier node is held to a stricter risk than GPA’s, a noisier one to a looser.`}
        </p>
        <PlotFigure
          name="lesson-knob"
          title="The overflow risk one setting means, node by node"
          caption="A node exactly at the fit boundary, its usage Gaussian: the probability it exceeds its capacity. GPA’s line is flat by construction; LVRB’s moves with σ unless the sensitivity is 1."
          spec={spec}
        />
        <p className="lesson-note">
          From the plugin’s code (kubernetes-sigs/scheduler-plugins, pkg/trimaran/
          loadvariationriskbalancing/analysis.go): it only scores nodes, (1 − risk) × 100, and never
          refuses one; reading it as a filter at risk ≤ ½ is this lesson’s choice. The σ term is
          capped at 1 after the margin, and the new pod adds its request to μ and nothing to σ. The
          README recommends margin 1 and sensitivity 2, but a configuration that omits them gets the
          code’s defaults, 1 and 1: z = 1, ρ ≈ 0.16 on every node.
        </p>
        <p>
          <a
            data-testid="open-in-schedulers"
            href={hrefOf(schedulers)}
            onClick={(e) => followLink(e, () => setParams(schedulers))}
          >
            Each scheduler’s knob tuned to a per-machine SLO on a real history, in the Schedulers
            view →
          </a>
        </p>
      </div>
    </LessonFrame>
  );
}
