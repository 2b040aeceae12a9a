/**
 * Every plot of the paper lab as an SVG snapshot: the lab run headless (the inline runner) on a
 * small synthetic pool, each figure presented with the paper's numbers shown, as the page draws it;
 * and one figure as the standalone SVG file the command line writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { syntheticWorkload } from '../../engine/index.ts';
import type { FigureData, FigureId, LabParams } from '../../engine/analysis/paperFigures.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { FIGURE_IDS, runPaperLab } from '../../runtime/lab/paperLab.ts';
import {
  figureDocument,
  figureSnapshot,
  svgTextSnapshot,
} from '../../../scripts/figureSnapshot.ts';
import { figureDef } from './figures.ts';
import { standaloneSvg } from './svg.ts';

const params: LabParams = {
  seed: 3,
  tasks: 40,
  instances: 2,
  sums: 30,
  packer: 'bf',
  fig5N: 10,
  fig5Example: 0,
  window: 12,
};
let results: Map<FigureId, FigureData | { readonly unavailable: string }>;

beforeAll(async () => {
  ({ results } = await runPaperLab({
    samples: syntheticWorkload(120, 4),
    realizations: 200,
    params,
    figures: FIGURE_IDS,
    runner: createInlineRunner(),
  }));
});

const presented = (id: FigureId) => {
  const data = results.get(id);
  if (!data || 'unavailable' in data) throw new Error(`${id} was not computed: ${String(data)}`);
  return figureDef(id).present(data, { paper: true, params });
};

describe('paper lab figures as SVG snapshots', () => {
  it.each(FIGURE_IDS.map((id) => [id]))('%s', async (id) => {
    const { plots } = presented(id);
    expect(plots.length).toBeGreaterThan(0);
    for (const plot of plots)
      await expect(figureSnapshot(plot.spec)).toMatchFileSnapshot(`__snapshots__/${plot.name}.svg`);
  });

  it('a figure as the standalone SVG file, legends and caption drawn in SVG', async () => {
    const [plot] = presented('fig7').plots;
    const svg = standaloneSvg(plot.spec, {
      document: figureDocument,
      title: plot.title,
      caption: plot.caption,
    });
    await expect(svgTextSnapshot(svg)).toMatchFileSnapshot('__snapshots__/standalone-fig7.svg');
  });
});
