// fast-check: one fixed seed (FC_SEED to explore others) so every run checks the same cases, and a
// time limit so that a property that fails and shrinks for long fails the test instead of stalling.
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED ?? 20261121);
fc.configureGlobal({ seed, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true });
