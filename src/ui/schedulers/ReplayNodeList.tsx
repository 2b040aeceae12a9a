/**
 * Each node's q on the judged part for the value tuned by replay (present/schedulers/
 * replayNodeList.ts): a sorted list, worst first, a bar each with q* ticked on it, and a line
 * marking q* where the nodes over it end. The first rows are shown, the rest on request (a cluster
 * may have thousands of nodes).
 */
import { useState } from 'react';
import { nodeQList } from '../../present/schedulers/replayNodeList.ts';

const SHOWN = 12;

export function ReplayNodeList({
  nodes,
  target,
}: {
  nodes: readonly { readonly name: string; readonly q: number }[];
  target: number;
}) {
  const [all, setAll] = useState(false);
  const list = nodeQList(nodes, target);
  const shown = all ? list.rows : list.rows.slice(0, SHOWN);
  const tick = `${100 * list.targetAt}%`;
  const mark = (
    <li className="sched-nodeq-target" key="q*" data-testid="sched-nodeq-target">
      q* = {list.targetText}
    </li>
  );
  return (
    <figure className="sched-nodeq">
      <figcaption>
        Each node’s q on the judged part, worst first: {list.over} of {list.rows.length} above q* ={' '}
        {list.targetText}
      </figcaption>
      <ol data-testid="sched-nodeq">
        {shown.map((r, k) => [
          k === list.over && k > 0 ? mark : null,
          <li key={r.name} className={r.over ? 'over' : undefined}>
            <span className="sched-nodeq-name">{r.name}</span>
            <span className="sched-nodeq-bar" aria-hidden="true">
              <span style={{ width: `${100 * r.bar}%` }} />
              <span className="sched-nodeq-tick" style={{ left: tick }} />
            </span>
            <span className="sched-nodeq-value">{r.text}</span>
          </li>,
        ])}
        {shown.length === list.over && shown.length < list.rows.length ? mark : null}
      </ol>
      {shown.length < list.rows.length && (
        <button type="button" className="link-button" onClick={() => setAll(true)}>
          Show all {list.rows.length} nodes
        </button>
      )}
    </figure>
  );
}
