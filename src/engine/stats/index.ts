/** The stats wing's door: what other layers use of it. */
export { normalSurvivalQuantile } from './normal.ts';
