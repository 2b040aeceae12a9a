/**
 * Matching new machines to old ones after a repack (visbp-notes.md §5.3): the assignment that keeps
 * the most VMs in place, by the Hungarian method with potentials (O(n³)) on the square matrix
 * padded with zeros.
 */

/**
 * For a weight matrix (rows: new machines, columns: old machines, weight: shared VMs), the column
 * assigned to each row (−1 where a row is matched only to padding), maximizing the total weight.
 */
export function maxWeightAssignment(weight: readonly Float64Array[], cols: number): Int32Array {
  const rows = weight.length;
  const flat = new Float64Array(rows * cols);
  weight.forEach((row, i) => flat.set(row.subarray(0, cols), i * cols));
  const assigned = new Int32Array(rows);
  hungarianTotal(flat, rows, cols, assigned);
  return assigned;
}

/**
 * The best total weight of an assignment (rows to distinct columns or to nothing) for a row-major
 * `rows × cols` matrix of non-negative integers. Exact: when every row's largest entry lies in a
 * distinct column (the usual case after a repack of slowly changing sizes) that sum is the bound
 * and is reached; otherwise the Hungarian method on the flat matrix. With `assigned` (length
 * rows), each row's column there (−1: none or a zero-weight one).
 */
export function maxAssignmentTotal(
  weight: ArrayLike<number>,
  rows: number,
  cols: number,
  assigned?: Int32Array,
): number {
  const owner = new Int32Array(cols).fill(-1);
  let sum = 0;
  let distinct = true;
  for (let i = 0; i < rows && distinct; i++) {
    let best = 0;
    let at = -1;
    for (let j = 0, o = i * cols; j < cols; j++, o++)
      if (weight[o] > best) {
        best = weight[o];
        at = j;
      }
    if (at < 0) continue;
    if (owner[at] >= 0) distinct = false;
    owner[at] = i;
    sum += best;
  }
  if (distinct) {
    if (assigned) {
      assigned.fill(-1);
      for (let j = 0; j < cols; j++) if (owner[j] >= 0) assigned[owner[j]] = j;
    }
    return sum;
  }
  return hungarianTotal(weight, rows, cols, assigned);
}

/** Hungarian method with potentials on the flat matrix padded to square (cost = max − weight). */
function hungarianTotal(
  weight: ArrayLike<number>,
  rows: number,
  cols: number,
  assigned?: Int32Array,
): number {
  const n = Math.max(rows, cols);
  let max = 0;
  for (let o = 0; o < rows * cols; o++) if (weight[o] > max) max = weight[o];
  const cost = new Float64Array((n + 1) * (n + 1)).fill(max);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) cost[(i + 1) * (n + 1) + j + 1] = max - weight[i * cols + j];
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  const minv = new Float64Array(n + 1);
  const used = new Uint8Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      const row = i0 * (n + 1);
      const ui = u[i0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[row + j] - ui - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  let total = 0;
  assigned?.fill(-1);
  for (let j = 1; j <= cols; j++) {
    const i = p[j] - 1;
    if (i >= 0 && i < rows && weight[i * cols + j - 1] > 0) {
      total += weight[i * cols + j - 1];
      if (assigned) assigned[i] = j - 1;
    }
  }
  return total;
}
