import { useId } from 'react';
import { GLOSSARY, type GlossaryTerm } from '../present/glossary.ts';
import { WithModelLinks } from './ModelLink.tsx';

/** An ⓘ button beside a term: its explanation shows on hover, on keyboard focus and on tap. */
export function Explain({ term, name }: { term: GlossaryTerm; name: string }) {
  const id = useId();
  return (
    <span className="explain">
      <button
        type="button"
        className="explain-button"
        aria-label={`What is ${name}?`}
        aria-describedby={id}
        data-testid={`explain-${term}`}
      >
        ?
      </button>
      <span role="tooltip" id={id} className="explain-tip">
        <WithModelLinks text={GLOSSARY[term]} />
      </span>
    </span>
  );
}
