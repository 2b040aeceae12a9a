/**
 * The Schedulers view's list of each node's q for the value tuned by replay: worst first (ties by
 * name), bars scaled to the worst q, q* marked where the nodes over it end, and only the first rows
 * until asked for all.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { nodeQList } from '../../present/schedulers/replayNodeList.ts';
import { ReplayNodeList } from './ReplayNodeList.tsx';

const items = (html: string) =>
  [...html.matchAll(/<li( class="([^"]*)")?[^>]*>(.*?)<\/li>/g)].map((m) =>
    m[2] === 'sched-nodeq-target'
      ? 'q*'
      : `${/sched-nodeq-name">([^<]*)/.exec(m[3])![1]} ${/sched-nodeq-value">([^<]*)/.exec(m[3])![1]}${m[2] === 'over' ? ' over' : ''}`,
  );

describe('each node’s q for the value tuned by replay', () => {
  it('lists the nodes worst first, ties by name, with q* marked after those over it', () => {
    const nodes = [
      { name: 'node-b', q: 0.01 },
      { name: 'node-c', q: 0.2 },
      { name: 'node-a', q: 0.01 },
      { name: 'node-d', q: 0.05 },
      { name: 'node-e', q: 0 },
    ];
    const list = nodeQList(nodes, 0.01);
    expect(list.over).toBe(2);
    expect(list.rows.map((r) => r.name)).toEqual([
      'node-c',
      'node-d',
      'node-a',
      'node-b',
      'node-e',
    ]);
    [1, 0.25, 0.05, 0.05, 0].forEach((bar, k) => expect(list.rows[k].bar).toBeCloseTo(bar, 12));
    expect(list.targetAt).toBeCloseTo(0.05, 12);
    const html = renderToStaticMarkup(<ReplayNodeList nodes={nodes} target={0.01} />);
    expect(items(html)).toEqual([
      'node-c 0.2 over',
      'node-d 0.05 over',
      'q*',
      'node-a 0.01',
      'node-b 0.01',
      'node-e 0',
    ]);
    expect(html).toContain('2 of 5 above q* = 0.01');
  });

  it('scales the bars to q* when every node is under it, and shows the first 12 of many', () => {
    const under = nodeQList([{ name: 'n', q: 0.005 }], 0.01);
    expect([under.over, under.rows[0].bar, under.targetAt]).toEqual([0, 0.5, 1]);
    const many = Array.from({ length: 30 }, (_, k) => ({ name: `node-${k}`, q: k / 100 }));
    const html = renderToStaticMarkup(<ReplayNodeList nodes={many} target={0.1} />);
    const shown = items(html);
    expect(shown).toHaveLength(12);
    expect(shown[0]).toBe('node-29 0.29 over');
    expect(shown).not.toContain('q*');
    expect(html).toContain('19 of 30 above q* = 0.1');
    expect(html).toContain('Show all 30 nodes');
  });
});
