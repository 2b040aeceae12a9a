import { NumberBox, rangeProblem } from '../SliderNumber.tsx';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** Shown beside the box (e.g. "s", "%"). */
  unit?: string;
  testId: string;
  onCommit: (v: number) => void;
}

/** The Timeline view's number box: a value outside [min, max] is refused and said. */
export function NumberField({ onCommit, ...p }: Props) {
  return (
    <NumberBox
      {...p}
      className="tl-number"
      problem={rangeProblem(p.label, p.min, p.max)}
      onChange={onCommit}
    />
  );
}
