/**
 * The number box of a declared parameter (state/<wing>/params.ts): its bounds, step, unit and the
 * message that refuses a value come from the declaration, as the link's check does.
 */
import { textProblem } from '../engine/index.ts';
import type { ParamSpec } from '../state/common/store/paramSpec.ts';
import { NumberBox } from './SliderNumber.tsx';

interface Props {
  readonly spec: ParamSpec<number> | ParamSpec<number | null>;
  readonly label: string;
  readonly value: number;
  readonly testId: string;
  readonly onCommit: (v: number) => void;
  readonly className?: string;
}

export function ParamNumber({ spec, onCommit, ...p }: Props) {
  const range = spec.range;
  const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : undefined);
  return (
    <NumberBox
      {...p}
      min={finite(range?.min)}
      max={finite(range?.max)}
      step={range?.integer ? 1 : undefined}
      unit={spec.unit}
      problem={range ? (raw) => textProblem(range, raw) : undefined}
      onChange={onCommit}
    />
  );
}
