/**
 * Loads HiGHS (WebAssembly) and adapts it to the engine's `LpSolver`. In Node the package finds its
 * own .wasm; a browser bundle passes the URL the bundler gave the file. HiGHS's code is imported
 * on first use, so a bundle loads it only when an LP is first solved.
 */
import type { LpSolution, LpSolver, LpStatus } from '../engine/lp/index.ts';
import type { Highs } from 'highs';

let loading: Promise<LpSolver> | undefined;
let defaultWasmUrl: string | undefined;

/** Where a bundle's worker (or page) finds highs.wasm; set once by the entry that bundles it. */
export function setLpWasmUrl(url: string): void {
  defaultWasmUrl = url;
}

export function loadLpSolver(wasmUrl: string | undefined = defaultWasmUrl): Promise<LpSolver> {
  loading ??= import('highs')
    .then(({ default: highsLoader }) =>
      highsLoader(wasmUrl === undefined ? {} : { locateFile: () => wasmUrl }),
    )
    .then(
      // No solver log: printing it (to a page's console, in a worker) costs more than the solve.
      (highs) => ({
        solve: (model: string) => toSolution(highs.solve(model, { output_flag: false })),
      }),
    );
  return loading;
}

type HighsResult = ReturnType<Highs['solve']>;

function toSolution(result: HighsResult): LpSolution {
  const values = new Map<string, number>();
  for (const [name, column] of Object.entries(result.Columns ?? {})) {
    values.set(name, 'Primal' in column ? column.Primal : Number.NaN);
  }
  return {
    status: statusOf(result.Status),
    detail: result.Status,
    objective: 'ObjectiveValue' in result ? result.ObjectiveValue : Number.NaN,
    values,
  };
}

function statusOf(text: string): LpStatus {
  if (text === 'Optimal') return 'optimal';
  if (text === 'Infeasible') return 'infeasible';
  if (text === 'Unbounded' || text === 'Primal infeasible or unbounded') return 'unbounded';
  return 'other';
}
