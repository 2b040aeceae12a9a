/**
 * Writes src/engine/stats/erfcxTables.ts: erfc's erfcx tables as made by erfcxChebyshev.ts (run it
 * after changing how they are made; erfcxTables.test.ts fails until then).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { erfcxTablesSource } from '../src/engine/stats/erfcxChebyshev.ts';

const out = resolve(import.meta.dirname, '../src/engine/stats/erfcxTables.ts');
writeFileSync(out, erfcxTablesSource());
console.log(`wrote ${out}`);
