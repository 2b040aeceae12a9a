/* eslint-disable @typescript-eslint/ban-ts-comment -- AssemblyScript, not TypeScript */
// @ts-nocheck: AssemblyScript; a declared function here is imported from the module "env".
/** The engine's exact log Φ (stats/erfc.ts), for arguments outside the kernel's table. */
export declare function logNormalCdf(z: f64): f64;
