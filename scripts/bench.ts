/**
 * `npm run bench [-- --json] [-- --only NAME]`: runs every suite in bench/suites.ts and prints its
 * figures (each beside a baseline measured in the same run), or one JSON array of
 * {name, value, unit, baseline, ratio}.
 */
import { SUITES } from '../bench/suites.ts';
import type { BenchFigure } from '../bench/figure.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]?.split(',') : null;
const unknown = only?.filter((n) => !SUITES.some((s) => s.name === n)) ?? [];
if (unknown.length) {
  console.error(
    `unknown suite: ${unknown.join(', ')} (have ${SUITES.map((s) => s.name).join(', ')})`,
  );
  process.exit(2);
}

const figures: BenchFigure[] = [];
for (const suite of SUITES) {
  if (only && !only.includes(suite.name)) continue;
  if (!json) console.log(`\n## ${suite.name}: ${suite.description}`);
  const got = await suite.run();
  figures.push(...got);
  if (!json)
    for (const f of got)
      console.log(
        `${f.name.padEnd(56)} ${fmt(f.value)} ${f.unit.padEnd(8)} baseline ${f.baseline === null ? '—' : fmt(f.baseline)}  ratio ${f.ratio === null ? '—' : f.ratio.toFixed(2) + '×'}${f.note ? '  ' + f.note : ''}`,
      );
}
if (json) console.log(JSON.stringify(figures));

function fmt(v: number): string {
  return (
    Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(3)
  ).padStart(9);
}
