/**
 * Recipes (SPEC §10): for each format people bring, what files to give, how they are told apart,
 * the unit and the options to confirm, as data for the Data view and `--help`. `spec` is the
 * starting point of a load request (the page fills in what the user confirms).
 */
import type { FormatId } from './loader.ts';
import type { SpecOptions } from './detect.ts';

export interface RecipeFile {
  /** What the file is, e.g. "vm_cpu_readings-file-*.csv.gz". */
  readonly pattern: string;
  readonly role: string;
  readonly required: boolean;
  readonly note: string;
}

export interface Recipe {
  readonly id: string;
  readonly format: FormatId;
  readonly title: string;
  readonly files: readonly RecipeFile[];
  /** The unit of the source values and what the user must confirm. */
  readonly unit: string;
  /** Options to ask for, by `SpecOptions` key. */
  readonly ask: readonly (keyof SpecOptions)[];
  readonly spec: SpecOptions;
  readonly notes: readonly string[];
}

export const RECIPES: readonly Recipe[] = [
  {
    id: 'prometheus-json',
    format: 'prometheus',
    title: 'Prometheus: query_range JSON',
    files: [
      {
        pattern: '*.json',
        role: 'inst',
        required: true,
        note: 'the HTTP API answer of /api/v1/query_range, e.g. of sum by (pod) (rate(container_cpu_usage_seconds_total[5m]))',
      },
    ],
    unit: 'cores (rate of CPU seconds); confirm the cores per machine',
    ask: ['unit', 'coresPerMachine', 'idLabel', 'clamp'],
    spec: { unit: 'cores' },
    notes: [
      'one task per series, named by the chosen label or by all labels',
      'an error response or another result type is refused',
    ],
  },
  {
    id: 'prometheus-csv',
    format: 'columns',
    title: 'Prometheus (or Grafana) CSV export: a timestamp column, one column per task',
    files: [
      { pattern: '*.csv', role: 'inst', required: true, note: 'header: timestamp,task_a,task_b,…' },
    ],
    unit: 'cores or percent: the detected guess is preselected; confirm it and the cores per machine',
    ask: ['unit', 'coresPerMachine', 'scale', 'clamp', 'timeColumns'],
    spec: { unit: 'cores' },
    notes: ['a warning appears when the values do not fit the chosen unit'],
  },
  {
    id: 'alibaba-2018',
    format: 'alibaba',
    title: 'Alibaba cluster-trace-v2018 containers',
    files: [
      {
        pattern: 'container_usage.csv',
        role: 'usage',
        required: true,
        note: 'no header: container_id, machine_id, time_stamp, cpu_util_percent, …',
      },
      {
        pattern: 'container_meta.csv',
        role: 'meta',
        required: true,
        note: 'each container’s cpu_request (100 = one core)',
      },
      {
        pattern: 'machine_meta.csv',
        role: 'machines',
        required: false,
        note: 'machine sizes: the most common cpu_num is the reference machine',
      },
    ],
    unit: 'percent of the container’s CPU request',
    ask: ['coresPerMachine', 'scale', 'clamp', 'skipBadLines'],
    spec: {},
    notes: ['containers missing from container_meta are named (or dropped and counted)'],
  },
  {
    id: 'azure-v2',
    format: 'azure2',
    title: 'Azure Public Dataset V2 VM readings',
    files: [
      {
        pattern: 'vm_cpu_readings-file-*-of-195.csv.gz',
        role: 'usage',
        required: true,
        note: 'no header: timestamp, vm id, min, max, avg CPU % of the VM',
      },
      {
        pattern: 'vmtable.csv',
        role: 'meta',
        required: true,
        note: 'the core-count bucket of each VM (10th column)',
      },
    ],
    unit: 'percent of the VM, × its cores / cores per machine (default 64)',
    ask: ['coresPerMachine', 'scale', 'clamp', 'skipBadLines'],
    spec: {},
    notes: ['max is inst and avg is avg, as the Azure V1 preset', '">24" cores read as 32'],
  },
  {
    id: 'google-2019',
    format: 'google2019',
    title: 'Google cluster-usage 2019 instance_usage (BigQuery export)',
    files: [
      {
        pattern: '*.csv or *.json',
        role: 'usage',
        required: true,
        note: 'CSV with a header or JSON lines; random_sample_usage.cpus, average_usage.cpus',
      },
    ],
    unit: 'Google normalized units (a fraction of the largest machine)',
    ask: ['scale', 'clamp', 'skipBadLines'],
    spec: {},
    notes: ['a task is (collection_id, instance_index)'],
  },
  {
    id: 'bitbrains',
    format: 'bitbrains',
    title: 'Bitbrains GWA-T-12 per-VM files',
    files: [
      {
        pattern: '1.csv, 2.csv, … or one .zip / .tar.gz of them',
        role: 'inst',
        required: true,
        note: 'header "Timestamp [ms];\tCPU cores;…"; other files in an archive are named and skipped',
      },
    ],
    unit: 'CPU usage [%] × the VM’s cores, over the cores per machine (default 32); or MHz over a capacity',
    ask: ['unit', 'coresPerMachine', 'capacity', 'clamp', 'skipBadLines'],
    spec: {},
    notes: ['duplicated timestamps (VMs 20 and 54 of Rnd) are bad lines: skip them to load'],
  },
];
