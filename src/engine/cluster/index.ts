/** Machine types and more than one resource (SPEC §14): the API a view, a job or the CLI calls. */
export * from './machineTypes.ts';
export * from './workload.ts';
export * from './googleMemory.ts';
export * from './fit.ts';
export * from './pack.ts';
export * from './measure.ts';
export * from './run.ts';
export * from './classes.ts';
export * from './classPacking.ts';
export * from './queue.ts';
export * from './provision.ts';
export * from './provisionRun.ts';
