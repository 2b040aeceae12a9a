/** The nodes as placed (q over the range and now, utilisation, over the SLO) and the fit tests' repacking, in cores and nodes. */
import type { PlacementAssessment } from '../engine/index.ts';
import { utilisationText } from '../present/cores.ts';
import { formatCount, formatFixed } from '../present/format.ts';

export function AssessTables({ a }: { a: PlacementAssessment }) {
  return (
    <div className="plots-2">
      <table className="task-table" data-testid="assess-nodes">
        <caption>
          Nodes as placed: q over the range of {formatCount(a.instants)} aligned instants, q now
          over its last {formatCount(a.nowInstants)}; p95 and p99 of each node's usage, as a share
          of its cores and in cores; {a.overSlo.length} of {a.nodes.length} nodes over the SLO
        </caption>
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col">cores</th>
            <th scope="col">pods</th>
            <th scope="col">q over the range</th>
            <th scope="col">q now</th>
            <th scope="col">p95</th>
            <th scope="col">p99</th>
            <th scope="col">over SLO</th>
          </tr>
        </thead>
        <tbody>
          {a.nodes.map((n) => (
            <tr key={n.node} data-testid={`assess-node-${n.node}`}>
              <td>{n.node}</td>
              <td>{n.cores}</td>
              <td>{n.tasks.length}</td>
              <td>{formatFixed(n.q, 4)}</td>
              <td>{formatFixed(n.qNow, 4)}</td>
              <td data-testid="assess-p95">{utilisationText(n.p95, n.cores)}</td>
              <td>{utilisationText(n.p99, n.cores)}</td>
              <td>{n.overSlo ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="task-table" data-testid="assess-repacks">
        <caption>
          Repacked on nodes of {a.referenceCores} cores, judged on the same instants
        </caption>
        <thead>
          <tr>
            <th scope="col">fit test</th>
            <th scope="col">nodes</th>
            <th scope="col">cores</th>
            <th scope="col">worst node q</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>as placed</td>
            <td>{a.nodes.length}</td>
            <td>{a.cores}</td>
            <td>{formatFixed(Math.max(0, ...a.nodes.map((n) => n.q)), 4)}</td>
          </tr>
          {a.repacks.map((r) => (
            <tr key={r.fit} data-testid={`assess-fit-${r.fit}`}>
              <td>{r.fit}</td>
              <td>{r.machines}</td>
              <td>{r.cores}</td>
              <td>{formatFixed(r.worstQ, 4)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
