import { describe, expect, it } from 'vitest';
import {
  cycles,
  doorOf,
  doorViolation,
  importsOf,
  layerViolation,
  longFunctions,
  looseStateFile,
  viewWork,
  uiWingViolation,
  wingViolation,
} from './checkImports.ts';

describe('the import graph check', () => {
  it('finds a cycle and only the files on it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('resolves imports, re-exports and dynamic imports, and flags an upward one', () => {
    const text = [
      "import { a } from '../runtime/runner.ts';",
      "export { b } from './csv.ts';",
      "const c = () => import('../engine/index.ts');",
    ].join('\n');
    const edges = importsOf('src/present/x.ts', text);
    expect(edges.map((e) => e.to)).toEqual([
      'src/runtime/runner.ts',
      'src/present/csv.ts',
      'src/engine/index.ts',
    ]);
    expect(edges.map(layerViolation)).toEqual([
      'src/present/x.ts:1: present may not import runtime (src/runtime/runner.ts)',
      null,
      null,
    ]);
    expect(layerViolation({ ...edges[0], from: 'src/present/x.test.ts' })).toBeNull();
  });

  it("flags one wing's state importing another's, and state outside a folder", () => {
    const text = [
      "import { a } from '../resize/params.ts';",
      "import { b } from '../common/store/store.ts';",
      "import { c } from './runs.ts';",
    ].join('\n');
    const edges = importsOf('src/state/timeline/x.ts', text);
    expect(edges.map(wingViolation)).toEqual([
      "src/state/timeline/x.ts:1: the timeline wing may not import the resize wing's state (src/state/resize/params.ts)",
      null,
      null,
    ]);
    const shared = importsOf('src/state/common/x.ts', "import { a } from '../resize/params.ts';");
    expect(shared.map(wingViolation)).toEqual([null]);
    expect(wingViolation({ ...edges[0], from: 'src/state/timeline/x.test.ts' })).toBeNull();
    expect(looseStateFile('src/state/timeline.ts')).toBe(true);
    expect(looseStateFile('src/state/timeline/runs.ts')).toBe(false);
  });

  it("flags a wing's view importing another wing's view or state, but through a declared entry", () => {
    const text = [
      "import { DEFAULT_CLUSTER } from '../../state/cluster/params.ts';",
      "import { PinButton } from '../pack/ab/PinButton.tsx';",
      "import { dayCurveRuns } from '../../state/timeline/dayCurve.ts';",
      "import { useExplorer } from '../../state/common/store/store.ts';",
      "import { LessonFrame } from './LessonFrame.tsx';",
      "import { PlotFigure } from '../PlotFigure.tsx';",
    ].join('\n');
    const edges = importsOf('src/ui/learn/Lesson.tsx', text);
    expect(edges.map(uiWingViolation)).toEqual([
      "src/ui/learn/Lesson.tsx:1: the learn view may not import the cluster wing's state (src/state/cluster/params.ts); use state/common, the wing's own state or a declared entry",
      "src/ui/learn/Lesson.tsx:2: the learn view may not import the pack wing's view (src/ui/pack/ab/PinButton.tsx); use state/common, the wing's own state or a declared entry",
      null,
      null,
      null,
      null,
    ]);
    expect(uiWingViolation({ ...edges[0], from: 'src/ui/learn/Lesson.test.tsx' })).toBeNull();
    expect(uiWingViolation({ ...edges[0], from: 'src/ui/App.tsx' })).toBeNull();
  });

  it('flags a view importing a work starter or starting work in an effect, not a click or a DOM effect', () => {
    const text = [
      "import { meanExactQ } from '../../state/pack/exactQ.ts';",
      "import { syncTimeline } from '../../state/timeline/runs.ts';",
      'export function V({ runner }) {',
      '  useEffect(() => { void runner.runJob(null, "x", {}); }, [runner]);',
      '  useEffect(() => { syncTimeline(runner, p); }, [runner]);',
      '  useEffect(() => { window.addEventListener("keydown", f); }, []);',
      '  return <button onClick={() => syncTimeline(runner, p, true)} />;',
      '}',
    ].join('\n');
    expect(viewWork('src/ui/timeline/V.tsx', text)).toEqual([
      'src/ui/timeline/V.tsx:1: a view imports the work starter meanExactQ',
      "src/ui/timeline/V.tsx:4: an effect starts work (runJob); declare it in its wing's runs",
      "src/ui/timeline/V.tsx:5: an effect starts work (syncTimeline); declare it in its wing's runs",
    ]);
    expect(viewWork('src/state/timeline/V.tsx', text)).toEqual([]);
  });

  it('measures functions, arrow functions included', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = `export function f() {\n${body}\n}\nconst g = () => {\n${body}\n};\n`;
    expect(longFunctions('x.ts', text, 6)).toEqual([
      ['f', 1, 7],
      ['g', 8, 7],
    ]);
    expect(longFunctions('x.ts', text, 7)).toEqual([]);
  });

  it("refuses an import from another layer past a wing's door, naming the door to use", () => {
    const hasIndex = (dir: string) => dir === 'src/runtime/jobs' || dir === 'src/engine/fit';
    expect(doorOf('src/engine/cluster/run.ts', hasIndex)).toBe('src/engine/cluster/index.ts');
    expect(doorOf('src/engine/fit/scheduler/rules.ts', hasIndex)).toBe('src/engine/fit/index.ts');
    expect(doorOf('src/runtime/jobs/pack/pack.ts', hasIndex)).toBe('src/runtime/jobs/index.ts');
    expect(doorOf('src/engine/ranges.ts', hasIndex)).toBeNull();
    expect(doorOf('src/runtime/pool/pool.ts', hasIndex)).toBeNull();
    const edge = (from: string, to: string) => ({ from, to, line: 3, typeOnly: false });
    const deep = doorViolation(edge('src/state/x/a.ts', 'src/engine/cluster/run.ts'), hasIndex);
    expect(deep?.door).toBe('src/engine/cluster/index.ts');
    expect(deep?.message).toMatch(
      /^src\/state\/x\/a\.ts:3: imports src\/engine\/cluster\/run\.ts past the door of src\/engine\/cluster; import from '\.\.\/\.\.\/engine\/cluster\/index\.ts'/,
    );
    // Through the door, inside the wing, inside the same layer, or from a test: allowed.
    for (const [from, to] of [
      ['src/state/x/a.ts', 'src/engine/cluster/index.ts'],
      ['src/engine/cluster/a.ts', 'src/engine/cluster/run.ts'],
      ['src/engine/pack/a.ts', 'src/engine/cluster/run.ts'],
      ['src/state/x/a.test.ts', 'src/engine/cluster/run.ts'],
      ['src/runtime/pool/pool.ts', 'src/runtime/jobs/pack/pack.ts'],
    ])
      expect(doorViolation(edge(from, to), hasIndex)).toBeNull();
    expect(doorViolation(edge('workers/w.ts', 'src/runtime/jobs/pack/pack.ts'), hasIndex)).not.toBe(
      null,
    );
  });
  it('refuses a deep import written in a source file, as lint parses it, and lets the door through', () => {
    const hasIndex = (dir: string) => dir === 'src/engine/fit';
    const text = [
      "import { splitEpsilon } from '../../engine/cluster/split.ts';",
      "import type { FitSpec } from '../../engine/fit/fitTest.ts';",
      "import { gaussianRho } from '../../engine/fit/index.ts';",
      "const lazy = () => import('../../engine/data/load/loader.ts');",
    ].join('\n');
    const doors = importsOf('src/state/x/a.ts', text).map((e) => doorViolation(e, hasIndex)?.door);
    expect(doors).toEqual([
      'src/engine/cluster/index.ts',
      'src/engine/fit/index.ts',
      undefined,
      'src/engine/data/index.ts',
    ]);
  });
});
