/** Per-task samples, the common form every loader produces (SPEC §2, §10). */
export interface TaskSamples {
  /** A readable id per task (e.g. "3418309:0" or a VM name). */
  readonly ids: string[];
  /** inst samples per task, in machine units (fraction of a reference machine). */
  readonly inst: Float64Array[];
  /** avg samples per task (Google's 5-minute mean), when the source has a second series. */
  readonly avg?: Float64Array[];
  /**
   * Per-task requests from Google `task_events` (machine-normalised, NaN where the trace has none):
   * metadata only, never used as samples.
   */
  readonly requests?: { readonly cpu: Float64Array; readonly memory: Float64Array };
}

export function checkSamples(s: TaskSamples): void {
  if (s.ids.length !== s.inst.length)
    throw new RangeError(`${s.ids.length} ids but ${s.inst.length} inst series`);
  if (s.avg && s.avg.length !== s.inst.length)
    throw new RangeError(`${s.avg.length} avg series but ${s.inst.length} inst series`);
  if (
    s.requests &&
    (s.requests.cpu.length !== s.inst.length || s.requests.memory.length !== s.inst.length)
  )
    throw new RangeError(
      `requests for ${s.requests.cpu.length} tasks but ${s.inst.length} inst series`,
    );
  s.inst.forEach((x, i) => {
    if (x.length === 0) throw new RangeError(`task ${s.ids[i]} has no samples`);
  });
}
