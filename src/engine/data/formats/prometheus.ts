/** A Prometheus query_range answer (JSON, resultType matrix): prometheus.ts reads it. */
import { PrometheusLoader, type PrometheusOptions } from '../readers/prometheus.ts';
import { refuseCounters } from '../units/rawExtras.ts';
import type { FormatEntry } from './entry.ts';
import { traceCommon } from './entry.ts';
import type { SpecOf } from './spec.ts';
import { plainUnits, unlessSkipping } from './unitRules.ts';

declare module './spec.ts' {
  interface FormatOptions {
    prometheus: PrometheusOptions;
  }
}

export const prometheusFormat: FormatEntry<SpecOf<'prometheus'>> = {
  id: 'prometheus',
  title: 'Prometheus query_range JSON (resultType matrix)',
  example: {
    name: 'query_range.json',
    lines: [
      '{"status":"success","data":{"resultType":"matrix",',
      '"result":[{"metric":{"pod":"a"},"values":[[1700000000,"0.5"]]}]}}',
    ],
  },
  roles: ['inst'],
  detect: [
    {
      rank: 10,
      test: ({ json, start }) =>
        json && /"resultType"|"status"\s*:\s*"(success|error)"/.test(start)
          ? 'a Prometheus API response'
          : null,
    },
  ],
  specFrom: (o) => {
    const unit = o.unit ?? 'cores';
    const capacity = o.capacity ?? (unit === 'cores' ? o.coresPerMachine : undefined);
    return {
      format: 'prometheus',
      ...traceCommon(o),
      unit,
      ...(capacity !== undefined ? { capacity } : {}),
      ...(o.idLabel !== undefined ? { idLabel: o.idLabel } : {}),
    };
  },
  read: (spec) => {
    const l = new PrometheusLoader(spec);
    return { file: (name) => l.file(name), finish: () => ({ kind: 'samples', ...l.finish() }) };
  },
  units: {
    ...plainUnits<SpecOf<'prometheus'>>(() => 'cores', unlessSkipping),
    refuse: refuseCounters,
  },
  userUnit: true,
  wholeHeads: true,
  seriesHeads: true,
  timeAxis: { kind: 'timestamps' },
  carries: { cpu: true, avg: false, memory: false, requests: false, placement: false },
};
