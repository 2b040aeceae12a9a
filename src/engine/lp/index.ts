/** The lp wing's door: what other layers use of it. */
export { type LpSolution, type LpSolver, type LpStatus } from './solver.ts';
