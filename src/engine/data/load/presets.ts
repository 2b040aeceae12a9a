/**
 * The built-in datasets (SPEC §2, §10) as plain data: where their files are (under `public/data`,
 * served at `/data/...`), how to load them, the default `scale` and why, and whom to credit.
 *
 * How the scales are chosen: in the Google trace a typical task is a few percent of a machine (the
 * mean CPU rate of the 10,000 tasks of the shard-0 excerpt is 0.0179 of the largest machine). Each
 * percent dataset gets the scale that puts its mean task near there, and says how that reads.
 */
import type { FileRole, LoadSpec } from './loader.ts';
import type { AlignOptions } from '../realize/aligned.ts';

export interface PresetCredit {
  /** Who made the data, in one line. */
  readonly source: string;
  /** What to cite. */
  readonly cite: string;
  readonly licence: string;
  readonly url: string;
}

interface PresetBase {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** What the source values are before conversion. */
  readonly units: string;
  /** The default scale (task size in machines, or per core with a scale column). */
  readonly scale: number;
  readonly scaleReason: string;
  /** Something the user must know before reading the numbers (shown beside the dataset). */
  readonly notice?: string;
  /** Tasks the preset yields with its default options (for a UI before loading). */
  readonly tasks: number;
  readonly credit: PresetCredit;
}

export interface FilePreset extends PresetBase {
  readonly kind: 'files';
  /** URLs under the app's base (public/data → /data). */
  readonly files: readonly { readonly url: string; readonly role: FileRole }[];
  readonly spec: LoadSpec;
  /**
   * How its time-aligned replay buckets and keeps instants, where the defaults would refuse the data
   * (the page and `realize --mode aligned` use the same; `data/realize/aligned.ts`).
   */
  readonly align?: AlignOptions;
}

/**
 * A dataset drawn by a generator (src/engine/synthetic, provided elsewhere): the integrator maps
 * `generator` to a function `(params, seed) => TaskSamples`.
 */
export interface SyntheticPreset extends PresetBase {
  readonly kind: 'synthetic';
  readonly generator: string;
  readonly params: Readonly<Record<string, number>>;
}

export type Preset = FilePreset | SyntheticPreset;

const GOOGLE_CREDIT: PresetCredit = {
  source: 'Google cluster-usage trace v2.1 (clusterdata-2011-2)',
  cite: 'Reiss, Wilkes, Hellerstein, "Google cluster-usage traces: format + schema", 2011/2014',
  licence: 'CC-BY 4.0 (Google)',
  url: 'https://github.com/google/cluster-data/blob/master/ClusterData2011_2.md',
};

const PLANETLAB_CREDIT: PresetCredit = {
  source: 'PlanetLab VM CPU traces (CoMon monitoring), as shipped with CloudSim',
  cite: 'Beloglazov & Buyya, Concurrency and Computation: Practice and Experience, 2012; CloudSim',
  licence: 'CloudSim repository Apache-2.0; data from CoMon/PlanetLab',
  url: 'https://github.com/Cloudslab/cloudsim',
};

const PLANETLAB_SCALE =
  'a VM is a quarter of a machine (the GPA paper’s example): the mean sample, 11–12 %, becomes ≈ 3 % of a machine, as a typical Google task';

export const DEFAULT_PRESET_ID = 'planetlab-20110303';

export const PRESETS: readonly Preset[] = [
  {
    kind: 'files',
    id: 'planetlab-20110303',
    title: 'PlanetLab, one day (3 March 2011)',
    description:
      '1,052 PlanetLab VMs, one day each: 288 five-minute CPU utilisation samples per VM (integer percent). inst only.',
    units: 'integer CPU % of the VM',
    scale: 0.25,
    scaleReason: PLANETLAB_SCALE,
    tasks: 1052,
    credit: PLANETLAB_CREDIT,
    files: [{ url: '/data/planetlab-cloudsim/planetlab_20110303.csv', role: 'inst' }],
    spec: { format: 'wide', unit: 'percent', scale: 0.25 },
  },
  {
    kind: 'files',
    id: 'planetlab-10days',
    title: 'PlanetLab, all ten days (March–April 2011)',
    description:
      '11,746 VM-days from ten days of March and April 2011, 288 five-minute samples each (integer percent); a task is one VM on one day.',
    units: 'integer CPU % of the VM',
    scale: 0.25,
    scaleReason: PLANETLAB_SCALE,
    tasks: 11746,
    credit: PLANETLAB_CREDIT,
    files: [{ url: '/data/planetlab-cloudsim/planetlab_all_10_days.csv.gz', role: 'inst' }],
    spec: { format: 'wide', unit: 'percent', scale: 0.25 },
    // Replayed in time a task is one VM over the ten days; only 22 of the 3,596 VMs are there every
    // day, so a VM's day absent from the file counts as 0 (not running), reported as such.
    align: { absent: 'zero' },
  },
  {
    kind: 'files',
    id: 'google-gcd-jobs',
    title: 'Google 2011, per-job series (GCD)',
    description:
      '1,600 per-job CPU series from the first ten days of the Google 2011 trace, each the sum of a job’s tasks over 24 hours (288 × 5 min), kept by their authors when within 5–90 %. inst only.',
    units: 'CPU % (sum over the job’s tasks)',
    scale: 0.1,
    scaleReason:
      'each series is a whole job (mean 21.85 %); scale 0.1 makes a series a task of a tenth of that, ≈ 2 % of a machine on average, as a typical Google task',
    tasks: 1600,
    credit: {
      source:
        'Per-job aggregation of the Google 2011 trace by the authors of "Virtual Machine Consolidation with Multiple Usage Prediction for Energy-Efficient Cloud Data Centers" (IEEE TSC)',
      cite: 'that paper and the Google trace (Reiss, Wilkes, Hellerstein 2011)',
      licence: 'derived from CC-BY 4.0 Google data; no licence stated by the repository',
      url: 'https://github.com/HiPro-IT/CPU-and-Memory-resource-usage-from-Google-Cluster-Data',
    },
    files: [{ url: '/data/google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv', role: 'inst' }],
    spec: { format: 'wide', unit: 'percent', scale: 0.1 },
  },
  {
    kind: 'files',
    id: 'azure-v1',
    title: 'Azure V1 (2017), 100 VMs',
    description:
      '100 Azure VMs over ~28 days (8,004 five-minute steps): the 5-minute maximum CPU is the inst series, the 5-minute average the avg series.',
    units: 'CPU % of the VM',
    scale: 0.25,
    scaleReason:
      'a VM is a quarter of a machine: the mean average, 10.6 %, becomes 2.7 % of a machine (the 5-minute maxima, 21.5 %, 5.4 %), as a typical Google task; the files carry no VM sizes',
    tasks: 100,
    credit: {
      source:
        'Microsoft Azure Public Dataset V1 (vm_cpu_readings), via the DataCenterSim R package',
      cite: 'Cortez et al., "Resource Central", SOSP 2017',
      licence: 'CC-BY 4.0 (Azure Public Dataset)',
      url: 'https://github.com/Azure/AzurePublicDataset/blob/master/AzurePublicDatasetV1.md',
    },
    files: [
      { url: '/data/azure-v1-datacentersim/microsoft_max_100.csv.gz', role: 'inst' },
      { url: '/data/azure-v1-datacentersim/microsoft_avg_100.csv.gz', role: 'avg' },
    ],
    spec: { format: 'columns', unit: 'percent', scale: 0.25, timeColumns: 1 },
  },
  {
    kind: 'files',
    id: 'bitbrains-rnd',
    title: 'Bitbrains Rnd, July 2013, 100 VMs',
    description:
      '100 business-critical VMs of the Bitbrains data centre, ≈ 5-minute samples over up to 30 days (428 to 20,702 per VM). A VM’s CPU % is of its own cores, so each row is scaled by its core count.',
    units: 'CPU % of the VM’s provisioned cores',
    scale: 1 / 32,
    scaleReason:
      'per core: the largest VM has 32 cores, so (as the Google trace normalises to its largest machine) the reference machine is 32 cores and a row is cpu_usage_pct / 100 × cpu_cores / 32; the mean task is then 2.3 % of a machine',
    notice:
      '46,217 of the 832,073 rows report slightly more than 100 % of the VM (at most 106.4 %): this preset clamps them to 100 %.',
    tasks: 100,
    credit: {
      source: 'Bitbrains GWA-T-12 (Grid Workloads Archive, TU Delft), Rnd set',
      cite: 'Shen, van Beek, Iosup, "Statistical characterization of business-critical workloads hosted in cloud datacenters", CCGrid 2015',
      licence: 'GWA trace (cite as asked); repository BSD-2-Clause',
      url: 'http://gwa.ewi.tudelft.nl/datasets/gwa-t-12-bitbrains',
    },
    files: [{ url: '/data/bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz', role: 'inst' }],
    spec: {
      format: 'long',
      idColumn: 'vm_id',
      valueColumn: 'cpu_usage_pct',
      scaleColumn: 'cpu_cores',
      timeColumn: 'timestamp_s',
      unit: 'percent',
      scale: 1 / 32,
      clamp: true,
    },
    // VMs sampled every 300 s, a few more often (one every 189 s): bucketed to 300 s; the instants
    // are those where every VM present at 90 % of them has a sample, and the two VMs present at less
    // (5 % and 24 % of the month) count as 0 where they have none, so every VM is replayed.
    align: { step: 300, minCoverage: 0.9, belowCoverage: 'zero' },
  },
  {
    kind: 'files',
    id: 'google-task-usage-excerpt',
    title: 'Google 2011 task_usage, shard-0 excerpt',
    description:
      'The first 10,000 rows of task_usage shard 0 with the first 20,000 task_events rows: one 5-minute window (start 600 s) of 10,000 tasks, i.e. one record per task — a cross-section of task sizes, not time series. inst = sampled CPU usage (column 20), avg = mean CPU rate (column 6); CPU/memory requests from task_events.',
    units: 'fraction of the largest machine',
    scale: 1,
    scaleReason: 'the trace already normalises CPU to its largest machine',
    notice:
      'One record per task: the paper’s ≥ 24-records filter would drop all 10,000 tasks, so this preset keeps tasks with 1 record; tasks whose only inst sample is 0 (7,277) are dropped, leaving 2,723 constant tasks.',
    tasks: 2723,
    credit: GOOGLE_CREDIT,
    files: [
      {
        url: '/data/google-2011-task-usage/task_usage_part-00000_first10000.csv',
        role: 'usage',
      },
      {
        url: '/data/google-2011-task-usage/task_events_part-00000_first20000.csv',
        role: 'events',
      },
    ],
    spec: { format: 'google', filters: { minRecords: 1 } },
  },
  {
    kind: 'synthetic',
    id: 'google-like',
    title: 'Synthetic Google-like workload (seeded)',
    description:
      'Tasks drawn from a mixture of shapes resembling the GPA paper’s 16 task clusters (plus a rare class of large tasks), with inst and avg series, calibrated to what the paper published about its data (its Table 1 and the trend lines of its §3.3).',
    units: 'fraction of a machine',
    scale: 1,
    scaleReason: 'generated in machine units, calibrated to the paper’s mean totals',
    tasks: 100000,
    credit: {
      source: 'slopack’s generator, calibrated to Janus & Rzadca, SoCC 2017',
      cite: 'Janus & Rzadca, "SLO-aware Colocation of Data Center Tasks Based on Instantaneous Processor Requirements", SoCC 2017',
      licence: 'generated data',
      url: 'https://doi.org/10.1145/3127479.3132244',
    },
    generator: 'googleLike',
    params: { tasks: 100000, seed: 1 },
  },
];

/** The preset with this id, or undefined. */
export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
