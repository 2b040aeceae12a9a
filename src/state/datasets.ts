/**
 * Getting a dataset's samples into the page: built-in presets fetched from `public/data`, or files
 * the user gives. (Temporary minimal set until the ingestion loaders land.)
 */
import { DataError, parseWideCsv } from '../engine/index.ts';
import type { Dataset } from './store.ts';

export interface PresetInfo {
  readonly id: string;
  readonly title: string;
  readonly url: string;
  readonly defaultScale: number;
  readonly credit: string;
}

export const PRESETS: readonly PresetInfo[] = [
  {
    id: 'planetlab-20110303',
    title: 'PlanetLab VMs, 3 March 2011 (1,052 VMs × 288 five-minute samples)',
    url: '/data/planetlab-cloudsim/planetlab_20110303.csv',
    defaultScale: 0.25,
    credit:
      'PlanetLab CPU traces collected by CoMon, as shipped with CloudSim (Beloglazov & Buyya, CCPE 2012).',
  },
];

export function datasetKey(dataset: string, uploadHash: string | null, scale: number): string {
  return JSON.stringify([dataset, uploadHash, scale]);
}

export async function loadPreset(
  id: string,
  scale: number,
  signal?: AbortSignal,
): Promise<Dataset> {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) throw new DataError(id, null, `unknown dataset "${id}"`);
  const response = await fetch(preset.url, { signal });
  if (!response.ok) throw new DataError(preset.url, null, `HTTP ${response.status}`);
  const text = await response.text();
  const samples = parseWideCsv(text, preset.url.split('/').pop()!, { scale, percent: true });
  return {
    key: datasetKey(id, null, scale),
    title: preset.title,
    samples,
    credit: preset.credit,
    filters: [{ name: 'rows read', kept: samples.ids.length }],
    unit: `CPU % × ${scale} / 100 (fraction of a machine)`,
  };
}

export async function sha256Hex(files: readonly Blob[]): Promise<string> {
  const parts = await Promise.all(files.map((f) => f.arrayBuffer()));
  const total = new Uint8Array(parts.reduce((s, p) => s + p.byteLength, 0));
  let offset = 0;
  for (const p of parts) {
    total.set(new Uint8Array(p), offset);
    offset += p.byteLength;
  }
  const digest = await crypto.subtle.digest('SHA-256', total);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function loadFiles(
  files: readonly File[],
  scale: number,
): Promise<{ dataset: Dataset; hash: string }> {
  if (files.length === 0) throw new DataError('(no file)', null, 'no file was given');
  const hash = await sha256Hex(files);
  const samples = { ids: [] as string[], inst: [] as Float64Array[] };
  for (const f of files) {
    const s = parseWideCsv(await f.text(), f.name, { scale, percent: true });
    samples.ids.push(...s.ids);
    samples.inst.push(...s.inst);
  }
  return {
    hash,
    dataset: {
      key: datasetKey('upload', hash, scale),
      title: files.map((f) => f.name).join(', '),
      samples,
      credit: 'Your files.',
      filters: [{ name: 'rows read', kept: samples.ids.length }],
      unit: `CPU % × ${scale} / 100 (fraction of a machine)`,
    },
  };
}
