import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cannedScenarios, replayVisbp, type ScenarioEvent } from '../../engine/index.ts';
import { frameCaption, frameLayout, sizesAfter } from './machineView.ts';

function layouts(events: readonly ScenarioEvent[]) {
  const frames = replayVisbp(events);
  return frames.map((f, i) => ({ frame: f, bins: frameLayout(f, sizesAfter(events, i)) }));
}

describe('the replay layout', () => {
  it('shows the 3/2 tight example as 6 L-bins and 3 SS-bins', () => {
    const tight = cannedScenarios().find((s) => s.id === 'tight-3-2')!;
    const last = layouts(tight.events).at(-1)!;
    expect(last.bins.map((b) => b.label)).toEqual([...Array(6).fill('L'), ...Array(3).fill('SS')]);
  });

  it('labels unfilled T-bins and says remove has no proven bound', () => {
    const events: ScenarioEvent[] = [
      { kind: 'insert', item: 0, size: 0.2 },
      { kind: 'insert', item: 1, size: 0.1 },
      { kind: 'remove', item: 1 },
    ];
    const all = layouts(events);
    expect(all[1].bins.map((b) => b.label)).toEqual(['T unfilled']);
    expect(frameCaption(all[2].frame)).toContain('no proven bound');
    expect(frameCaption(all[0].frame)).toContain("the paper's bound for this event: 3");
  });

  it('stacks every item of every frame within its bin, groups around their items', () => {
    const event = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        item: fc.integer({ min: 0, max: 9 }),
        size: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        kind: fc.constant('change' as const),
        item: fc.integer({ min: 0, max: 9 }),
        size: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), item: fc.integer({ min: 0, max: 9 }) }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (raw) => {
        // Keep the events valid for the packer: insert absent items, change or remove present ones.
        const present = new Set<number>();
        const events: ScenarioEvent[] = [];
        for (const e of raw) {
          if (e.kind === 'insert' && !present.has(e.item)) {
            present.add(e.item);
            events.push({ ...e, size: e.size / 100 });
          } else if (e.kind === 'change' && present.has(e.item))
            events.push({ ...e, size: e.size / 100 });
          else if (e.kind === 'remove' && present.has(e.item)) {
            present.delete(e.item);
            events.push(e);
          }
        }
        for (const { frame, bins } of layouts(events)) {
          const shown = bins.flatMap((b) => b.items.map((i) => i.item)).sort((a, b) => a - b);
          const packed = frame.bins.flatMap((b) => [
            ...b.big.map((x) => x.item),
            ...b.groups.flatMap((g) => g.items),
          ]);
          expect(shown).toEqual(packed.sort((a, b) => a - b));
          for (const b of bins) {
            const top = Math.max(0, ...b.items.map((i) => i.y1));
            expect(top).toBeCloseTo(b.load, 9);
            for (const g of b.groups) {
              const inside = b.items.filter((i) => g.items.includes(i.item));
              expect(Math.min(...inside.map((i) => i.y0))).toBeCloseTo(g.y0, 9);
              expect(Math.max(...inside.map((i) => i.y1))).toBeCloseTo(g.y1, 9);
            }
          }
          const moved = new Set(frame.moved.flatMap((m) => m.items));
          for (const b of bins) for (const i of b.items) expect(i.moved).toBe(moved.has(i.item));
        }
      }),
      { numRuns: 200 },
    );
  });
});
