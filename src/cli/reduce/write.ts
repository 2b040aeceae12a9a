/**
 * What every `reduce` engine (DuckDB, Dask) hands over, and the one writer of the compact format
 * from it: samples streamed into BASE.npy in canonical order (tasks by job ID then index, a task's
 * records by start, inst, avg), then the BASE.json sidecar. One writer, so the engines' outputs can
 * only differ by what they computed.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import {
  compactSidecar,
  npyHeader,
  type FilterCount,
  type GoogleFilters,
  startRepeatNotes,
  type LoadReport,
  type RepeatRule,
  type StartRepeats,
} from '../../engine/index.ts';
import { writeOutput } from '../files.ts';

/** What the reduction was asked (the command's options). */
export interface ReduceParams {
  usageFiles: string[];
  eventFiles: string[];
  filters: GoogleFilters;
  clamp: boolean;
  skipBad: boolean;
  pick: number | undefined;
  seed: number;
  /** Records of one task at one start time: merged (the first in (inst, avg) order) or refused. */
  duplicates: RepeatRule;
}

/** A slice of the sorted kept records. */
export interface RowChunk {
  readonly n: number;
  readonly jobs: ArrayLike<bigint>;
  readonly idxs: ArrayLike<bigint>;
  readonly inst: ArrayLike<number>;
  readonly avg: ArrayLike<number>;
}

/** An engine's result: counts, then the kept records in canonical order, then the requests. */
export interface Reduction {
  readonly records: number;
  readonly tasksRead: number;
  readonly tasks: number;
  readonly total: number;
  readonly counts: FilterCount[];
  readonly skipped: number;
  /** The records dropped as repeats of a task's start time. */
  readonly repeats: StartRepeats;
  rows(): AsyncIterable<RowChunk>;
  /** Per kept task in order, the last CPU and memory request (NaN: none), or undefined without events. */
  requests(): Promise<{ cpu: Float64Array; memory: Float64Array } | undefined>;
}

/** Writes BASE.npy and BASE.json from a reduction; returns the summary the command prints. */
export async function writeReduction(outBase: string, r: Reduction, p: ReduceParams, tool: string) {
  const stem = outBase.replace(/\.(json|npy)$/, '');
  const { total, tasks } = r;
  const header = npyHeader('<f4', [2, total]);
  const fd = openSync(stem + '.npy', 'w');
  const ids: string[] = [];
  const offsets: number[] = [0];
  try {
    writeSync(fd, header);
    let pos = 0;
    let lastJob = -1n;
    let lastIdx = -1n;
    for await (const chunk of r.rows()) {
      const { n, jobs, idxs } = chunk;
      for (let i = 0; i < n; i++)
        if (jobs[i] !== lastJob || idxs[i] !== lastIdx) {
          if (ids.length) offsets.push(pos + i);
          ids.push(`${jobs[i]}:${idxs[i]}`);
          lastJob = jobs[i];
          lastIdx = idxs[i];
        }
      const a = Float32Array.from(chunk.inst);
      const b = Float32Array.from(chunk.avg);
      writeSync(fd, new Uint8Array(a.buffer), 0, a.byteLength, header.length + pos * 4);
      writeSync(fd, new Uint8Array(b.buffer), 0, b.byteLength, header.length + (total + pos) * 4);
      pos += n;
    }
    offsets.push(pos);
    if (pos !== total || ids.length !== tasks)
      throw new Error(
        `reduce: wrote ${pos} samples of ${ids.length} tasks, expected ${total} of ${tasks}`,
      );
  } finally {
    closeSync(fd);
  }
  const requests = await r.requests();
  const notes: string[] = startRepeatNotes(r.repeats);
  if (requests) {
    const withCpu = requests.cpu.filter((v) => !Number.isNaN(v)).length;
    notes.push(`${withCpu} of ${tasks} kept tasks have a CPU request in task_events`);
  }
  const report: LoadReport = {
    format: 'google',
    files: [
      ...p.usageFiles.map((f) => ({ name: basename(f), role: 'task_usage', bytes: 0, lines: 0 })),
      ...p.eventFiles.map((f) => ({ name: basename(f), role: 'task_events', bytes: 0, lines: 0 })),
    ],
    records: r.records,
    tasksRead: r.tasksRead,
    tasksKept: tasks,
    samplesKept: total,
    filters: r.counts,
    skippedLines: r.skipped,
    skippedExamples: [],
    units: 'fraction of a machine',
    notes,
  };
  const sidecar = compactSidecar({
    ids,
    offsets,
    hasAvg: true,
    report,
    options: {
      format: 'google',
      filters: { ...p.filters },
      clamp: p.clamp,
      skipBadLines: p.skipBad,
      ...(p.pick !== undefined ? { sample: { tasks: p.pick, seed: p.seed } } : {}),
    },
    samplesFile: basename(stem) + '.npy',
    tool,
    requests,
  });
  writeOutput(stem + '.json', JSON.stringify(sidecar));
  return {
    tasks,
    samples: total,
    records: r.records,
    tasksRead: r.tasksRead,
    filters: r.counts,
    skippedLines: r.skipped,
    notes,
    json: stem + '.json',
    npy: stem + '.npy',
  };
}
