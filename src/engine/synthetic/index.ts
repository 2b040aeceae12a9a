/** The synthetic Google-like workload and its calibration against the GPA paper. */
export * from './calibrate.ts';
export * from './generator.ts';
export * from './params.ts';
