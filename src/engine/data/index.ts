/** The data wing's door: what other layers use of it. */
export { alignSamples } from './realize/aligned.ts';
export { isArchiveName } from './streams/archiveLoader.ts';
export { npyHeader } from './readers/npy.ts';
export { type FilePreset, presetById } from './load/presets.ts';
export { PrometheusLoader, type PrometheusOptions } from './readers/prometheus.ts';
export { type TaskSamples } from './samples/samples.ts';
export { Sha256 } from './streams/sha256.ts';
