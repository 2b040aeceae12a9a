/**
 * The paper lab's figures as data: for each table and figure of the GPA paper, its title, a caption
 * saying what it shows and how to read it, and a presenter turning the computed numbers into Plot
 * specs, a table (with the paper's column when the "paper" toggle is on) and headline facts. Pure:
 * the view, the command line's report and the tests use the same presentations.
 */
import type { FigureId } from '../../engine/analysis/index.ts';
import { DATA_FIGURE_DEFS } from './dataFigures.ts';
import type { FigureDef } from './figureKit.ts';
import { PACKING_FIGURE_DEFS } from './packingFigures.ts';
import { SUMS_FIGURE_DEFS } from './sumsFigures.ts';

export {
  GROUP_LABEL,
  fmt,
  type Cell,
  type Column,
  type Fact,
  type FigureDef,
  type FigureGroup,
  type PlotDef,
  type Presentation,
  type TableDef,
} from './figureKit.ts';

export const FIGURES: readonly FigureDef[] = [
  ...DATA_FIGURE_DEFS,
  ...SUMS_FIGURE_DEFS,
  ...PACKING_FIGURE_DEFS,
];

export function figureDef(id: FigureId): FigureDef {
  const f = FIGURES.find((x) => x.id === id);
  if (!f) throw new RangeError(`unknown figure "${id}"`);
  return f;
}
