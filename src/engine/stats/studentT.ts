/** Student's t quantile, from jstat (SPEC's confidence bands over instances). */
import jStat from 'jstat';

/** The p-quantile of Student's t with `dof` degrees of freedom (confidence bands over instances). */
export function studentTQuantile(p: number, dof: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`t quantile needs 0 < p < 1, got ${p}`);
  if (!(dof > 0)) throw new RangeError(`invalid degrees of freedom: ${dof}`);
  return jStat.studentt.inv(p, dof);
}
