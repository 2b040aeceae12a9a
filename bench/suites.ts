import type { BenchSuite } from './figure.ts';
import { layout } from './layout.ts';
import { startup } from './startup.ts';

/** Every benchmark suite; a new suite adds one line here. */
export const SUITES: BenchSuite[] = [layout, startup];
