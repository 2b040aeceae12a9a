/** The synthetic Google-like workload and how well it matches the GPA paper. */
export * from './paperMatch.ts';
export * from './generator.ts';
export * from './params.ts';
export * from './correlatedWeek.ts';
