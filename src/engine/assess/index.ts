/** The cluster as it is: live placements judged as packings (placement.ts) on aligned usage (aligned.ts). */
export * from './aligned.ts';
export * from './placement.ts';
