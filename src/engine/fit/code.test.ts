import { describe, expect, it } from 'vitest';
import { builtInCodeKinds, fitCode } from './code.ts';
import { fitSpec, fitTest, type FitEntry } from './index.ts';
import { fitEntries, registeredCode } from './registry.ts';

const valuesAt = (entry: FitEntry, point: readonly number[]) =>
  entry.parameters.map((p, k) => point[k] ?? p.default ?? (p.held as number));

describe("the fit tests' code, listed apart from their descriptions", () => {
  it('has one piece of code for each built-in description, in the same order', () => {
    // Plug-ins that other test files of this worker registered (the engine's files share their
    // modules) come after the built-in ones, with code of their own.
    const builtIn = fitEntries().filter((e) => registeredCode(e.kind) === undefined);
    expect(builtInCodeKinds()).toEqual(builtIn.map((e) => e.kind));
  });

  it("builds, from a description alone, the spec each test's code builds (fields in the same order)", () => {
    for (const entry of fitEntries()) {
      const create = fitCode(entry.kind)!;
      const example = entry.example as unknown as Readonly<Record<string, number>>;
      const points = [...entry.sweep, entry.parameters.map((p) => example[p.key])];
      for (const point of points) {
        const values = valuesAt(entry, point);
        const built = fitSpec(entry, point);
        expect(JSON.stringify(built), entry.kind).toBe(JSON.stringify(create(values).spec));
        expect(fitTest(built).spec).toEqual(built);
      }
    }
  });

  it('holds a parameter without a default at its held value where only the first is given', () => {
    const held = fitEntries().filter((e) => e.parameters.some((p) => p.held !== undefined));
    expect(held.map((e) => e.kind)).toEqual(['lvrb']);
    for (const entry of held) {
      const first = entry.sweep[0][0];
      const spec = fitSpec(entry, [first]) as unknown as Readonly<Record<string, number>>;
      entry.parameters.forEach((p, k) =>
        expect(spec[p.key]).toBe(k === 0 ? first : (p.default ?? p.held)),
      );
    }
  });

  it('refuses a value outside its range and a missing value, naming the parameter', () => {
    const gpa = fitEntries().find((e) => e.kind === 'gpa')!;
    expect(() => fitSpec(gpa, [2])).toThrow('invalid ρ: 2 (need 0 < ρ < 1)');
    expect(() => fitSpec(gpa, [])).toThrow('fit test "gpa": ρ is missing');
  });
});
