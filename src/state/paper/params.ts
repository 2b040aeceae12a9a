/** The paper lab's shareable parameters: the open figure, the "paper" overlay and the lab's sizes. */
import { FIGURE_IDS, type FigureId } from '../../engine/analysis/index.ts';
import {
  FIG5_EXAMPLE,
  FIG5_TASKS,
  PAPER_INSTANCES,
  PAPER_SUMS,
  PAPER_WINDOW,
} from '../../engine/analysis/index.ts';
import { choiceParam, flagParam, numberParam, type ParamSpecs } from '../common/store/paramSpec.ts';

export interface PaperViewParams {
  readonly paperFigure: FigureId;
  readonly paperOverlay: boolean;
  /** Instances K of the packing figures and sums per N of Table 1 / Fig. 6. */
  readonly paperInstances: number;
  readonly paperSums: number;
  /** Fig. 5's N and which random sum; §3.4's window Δ. */
  readonly paperN: number;
  readonly paperExample: number;
  readonly paperWindow: number;
}

/** Each parameter once: key, default, range; the figure is a navigation. */
export const PAPER_PARAMS: ParamSpecs<PaperViewParams> = {
  paperFigure: choiceParam<FigureId>('fig', 'fig2', 'figure', FIGURE_IDS, { navigates: true }),
  paperOverlay: flagParam('overlay', true),
  paperInstances: numberParam('pK', 50, PAPER_INSTANCES),
  paperSums: numberParam('pS', 10_000, PAPER_SUMS),
  paperN: numberParam('pN', 50, FIG5_TASKS),
  paperExample: numberParam('pE', 0, FIG5_EXAMPLE),
  paperWindow: numberParam('pW', 12, PAPER_WINDOW, { unit: 'steps' }),
};
