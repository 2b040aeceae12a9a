import { useEffect, useRef } from 'react';

/**
 * The token's box: its value set as a property, never as the `value` attribute React writes for a
 * controlled input, so the token is not in the page's DOM (outerHTML, a saved page, extensions
 * reading attributes).
 */
export function TokenInput(props: {
  id?: string;
  testId: string;
  placeholder?: string;
  token: string;
  set: (token: string) => void;
  onEnter?: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.value !== props.token) ref.current.value = props.token;
  }, [props.token]);
  return (
    <input
      ref={ref}
      id={props.id}
      data-testid={props.testId}
      type="password"
      autoComplete="off"
      placeholder={props.placeholder}
      size={16}
      onChange={(e) => props.set(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && props.onEnter?.()}
    />
  );
}
