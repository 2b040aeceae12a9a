/**
 * Machine types (SPEC §14): capacity per resource (fractions of the largest machine), a count (or
 * unlimited), idle and peak power. P = P_idle + (P_peak − P_idle)·min(1, u_cpu).
 */
import { decimalOrNull } from '../numberText.ts';

export const RESOURCES = ['cpu', 'mem'] as const;

export interface MachineType {
  readonly name: string;
  /** Capacity per resource, in the order of the packing's resources (cpu first, then mem). */
  readonly capacity: readonly number[];
  /** Machines available; null = unlimited. */
  readonly count: number | null;
  readonly idleWatts: number;
  readonly peakWatts: number;
}

/**
 * HARMONY's Table II (harmony-notes.md §3), normalised to the HP DL585 G7 (48 cores, 64 GB).
 * The powers are ILLUSTRATIVE defaults (the paper's Fig. 9 values are not in the text).
 */
export const HARMONY_TYPES: readonly MachineType[] = [
  { name: 'Dell R210', capacity: [4 / 48, 4 / 64], count: 7000, idleWatts: 40, peakWatts: 80 },
  { name: 'Dell R515', capacity: [12 / 48, 32 / 64], count: 1500, idleWatts: 110, peakWatts: 220 },
  {
    name: 'HP DL385 G7',
    capacity: [24 / 48, 16 / 64],
    count: 1000,
    idleWatts: 120,
    peakWatts: 280,
  },
  { name: 'HP DL585 G7', capacity: [1, 1], count: 500, idleWatts: 300, peakWatts: 650 },
];
export const HARMONY_POWER_NOTE =
  'powers are illustrative defaults, not the paper’s (not in its text)';

/** One machine type checked against `resources` resources; a RangeError names the bad field. */
function checkMachineType(t: MachineType, resources: number, where = 'machine type'): MachineType {
  const at = `${where} "${t?.name ?? '?'}"`;
  if (typeof t !== 'object' || t === null) throw new RangeError(`${where}: not an object`);
  if (typeof t.name !== 'string' || t.name === '')
    throw new RangeError(`${where}: name must be a non-empty string`);
  if (!Array.isArray(t.capacity) || t.capacity.length < resources)
    throw new RangeError(`${at}: capacity needs ${resources} value(s) (cpu, mem)`);
  t.capacity.forEach((c, r) => {
    if (!(typeof c === 'number' && c > 0 && Number.isFinite(c)))
      throw new RangeError(`${at}: capacity[${r}] = ${String(c)} (need a number > 0)`);
  });
  if (t.count !== null && !(Number.isInteger(t.count) && t.count >= 0))
    throw new RangeError(`${at}: count = ${String(t.count)} (need an integer ≥ 0 or null)`);
  if (!(typeof t.idleWatts === 'number' && t.idleWatts >= 0 && Number.isFinite(t.idleWatts)))
    throw new RangeError(`${at}: idleWatts = ${String(t.idleWatts)} (need a number ≥ 0)`);
  if (!(
    typeof t.peakWatts === 'number' &&
    t.peakWatts >= t.idleWatts &&
    Number.isFinite(t.peakWatts)
  ))
    throw new RangeError(`${at}: peakWatts = ${String(t.peakWatts)} (need a number ≥ idleWatts)`);
  return t;
}

export function checkMachineTypes(
  types: readonly MachineType[],
  resources: number,
): readonly MachineType[] {
  if (!Array.isArray(types) || types.length === 0)
    throw new RangeError('machine types: need at least one type');
  types.forEach((t, k) => checkMachineType(t, resources, `machine type ${k + 1}`));
  return types;
}

/** Types as JSON (a file): `{"types": [...]}`. */
export function machineTypesToJson(types: readonly MachineType[]): string {
  return JSON.stringify({ types }, null, 2);
}

/** Types from JSON text (file or link); `source` names where the text came from in errors. */
export function machineTypesFromJson(
  text: string,
  resources: number,
  source = 'machine types',
): readonly MachineType[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new RangeError(`${source}: not JSON (${(e as Error).message})`, { cause: e });
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { types?: unknown })?.types;
  if (!Array.isArray(list))
    throw new RangeError(`${source}: expected {"types": [...]} or an array`);
  const types = list.map((t: Record<string, unknown>) => ({
    name: t?.name,
    capacity: t?.capacity,
    count: t?.count === undefined ? null : t.count,
    idleWatts: t?.idleWatts,
    peakWatts: t?.peakWatts,
  })) as MachineType[];
  try {
    return checkMachineTypes(types, resources);
  } catch (e) {
    throw new RangeError(`${source}: ${(e as Error).message}`, { cause: e });
  }
}

/** A compact link parameter: name~cpu~mem~count~idle~peak per type, types joined by '|'. */
export function machineTypesToLink(types: readonly MachineType[]): string {
  return types
    .map((t) =>
      [
        encodeURIComponent(t.name).replace(/~/g, '%7E'),
        ...t.capacity,
        t.count ?? '*',
        t.idleWatts,
        t.peakWatts,
      ].join('~'),
    )
    .join('|');
}

/** A type's name from its link field; malformed %-escapes are a RangeError like any bad field. */
function decodeName(field: string, k: number): string {
  try {
    return decodeURIComponent(field);
  } catch {
    throw new RangeError(
      `machine type ${k + 1} in link: name ${JSON.stringify(field.slice(0, 40))} is not valid %-encoding`,
    );
  }
}

export function machineTypesFromLink(text: string, resources: number): readonly MachineType[] {
  const types = text.split('|').map((part, k) => {
    const f = part.split('~');
    if (f.length !== resources + 4)
      throw new RangeError(
        `machine type ${k + 1} in link: expected ${resources + 4} fields, got ${f.length}`,
      );
    const num = (s: string) => decimalOrNull(s) ?? NaN;
    return {
      name: decodeName(f[0], k),
      capacity: f.slice(1, 1 + resources).map(num),
      count: f[1 + resources] === '*' ? null : num(f[1 + resources]),
      idleWatts: num(f[2 + resources]),
      peakWatts: num(f[3 + resources]),
    };
  });
  return checkMachineTypes(types, resources);
}

/** Power of one active machine at CPU utilization u (SPEC §14), u capped at 1. */
export function machinePower(t: MachineType, cpuUtilization: number): number {
  return t.idleWatts + (t.peakWatts - t.idleWatts) * Math.min(1, Math.max(0, cpuUtilization));
}
