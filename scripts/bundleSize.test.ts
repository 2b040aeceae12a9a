import { describe, expect, it } from 'vitest';
import { checkBudget, staticGraph, type Manifest } from './bundleSize.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_engine.js'] },
  '_engine.js': { file: 'assets/engine.js' },
  'src/app.tsx': { file: 'assets/app.js', imports: ['_engine.js', '_plot.js'] },
  '_plot.js': { file: 'assets/plot.js', imports: ['index.html'] },
  'src/ui/tune/TuneView.tsx': { file: 'assets/TuneView.js', imports: ['_plot.js'] },
  'node_modules/highs/build/highs.mjs': { file: 'assets/highs.js' },
  'src/ui/app.css': { file: 'assets/app.css' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 10,
  'assets/engine.js': 20,
  'assets/app.js': 40,
  'assets/plot.js': 80,
  'assets/TuneView.js': 160,
  'assets/highs.js': 320,
  'assets/app.css': 640,
};

describe('the first page’s JavaScript budget', () => {
  it('follows static imports only, through cycles', () => {
    expect(staticGraph(manifest, ['index.html']).sort()).toEqual(['_engine.js', 'index.html']);
    expect(staticGraph(manifest, ['src/app.tsx']).sort()).toEqual([
      '_engine.js',
      '_plot.js',
      'index.html',
      'src/app.tsx',
    ]);
  });

  it('sums the JavaScript before the app starts and on the first page, and names lazy code found there', () => {
    const report = checkBudget(manifest, (f) => sizes[f]);
    expect(report).toEqual({ startGzip: 30, firstPageGzip: 150, misplaced: [] });
    const eager: Manifest = {
      ...manifest,
      'src/app.tsx': { file: 'assets/app.js', imports: ['src/ui/tune/TuneView.tsx'] },
    };
    expect(checkBudget(eager, (f) => sizes[f]).misplaced).toEqual(['src/ui/tune/TuneView.tsx']);
  });
});
