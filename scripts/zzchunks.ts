import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { staticGraph } from './bundleSize.ts';
const m = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const roots = [...Object.keys(m).filter((k) => m[k].isEntry), 'src/app.tsx'];
for (const k of staticGraph(m, roots)) console.log((gzipSync(readFileSync(join('dist', m[k].file))).length / 1024).toFixed(1), k);
