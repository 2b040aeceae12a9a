/** A labelled select over a list of string values, each shown by `names` (default: the value). */
export function Choice<T extends string>(props: {
  label: string;
  value: T;
  values: readonly T[];
  names?: Record<T, string> | ((v: T) => string);
  testId: string;
  onChange: (v: T) => void;
  /** The label's class: `field` (label above) unless given. */
  className?: string;
}) {
  const { names } = props;
  const name = (v: T) =>
    names === undefined ? v : typeof names === 'function' ? names(v) : names[v];
  return (
    <label className={props.className ?? 'field'}>
      <span>{props.label}</span>{' '}
      <select
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.values.map((v) => (
          <option key={v} value={v}>
            {name(v)}
          </option>
        ))}
      </select>
    </label>
  );
}
