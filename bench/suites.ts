import type { BenchSuite } from './figure.ts';

/** Every benchmark suite; a new suite adds one line here. */
export const SUITES: BenchSuite[] = [];
