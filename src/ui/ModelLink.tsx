import type { ReactNode } from 'react';
import { modelAnchor } from '../present/model.ts';
import { explorer } from '../state/common/store/store.ts';
import { decimalOrNull } from '../engine/index.ts';

/** The section the Model page scrolls to when it opens from a link inside the app. */
let wanted: number | null = null;

/** Takes the section a link asked for (once), or the page address's #model-N. */
export function takeWantedSection(): number | null {
  const asked = wanted;
  wanted = null;
  if (asked !== null) return asked;
  const fromHash = /^#model-(\d+)$/.exec(location.hash);
  return fromHash ? decimalOrNull(fromHash[1]) : null;
}

/** A link to section `section` of the Model page (a history entry: Back returns). */
export function ModelLink({ section, children }: { section: number; children?: ReactNode }) {
  return (
    <a
      href={`?view=model#${modelAnchor(section)}`}
      className="model-link"
      data-testid={`model-link-${section}`}
      onClick={(e) => {
        e.preventDefault();
        wanted = section;
        explorer.getState().navigate({ view: 'model' });
      }}
    >
      {children ?? `Model §${section}`}
    </a>
  );
}

/** A help text with each "Model §N" (and each further "§N" after it) made a link to that section. */
export function WithModelLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const pattern = /Model §(\d+)((?:, §\d+)*)/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    parts.push(text.slice(last, m.index));
    parts.push(<ModelLink key={m.index} section={decimalOrNull(m[1])!} />);
    for (const more of m[2].matchAll(/§(\d+)/g))
      parts.push(
        ', ',
        <ModelLink key={`${m.index}-${more[1]}`} section={decimalOrNull(more[1])!}>
          §{more[1]}
        </ModelLink>,
      );
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** A code written short, with its name as a tooltip and for screen readers (FMF → First Merged Fit). */
export function Code({ code, name }: { code: string; name: string }) {
  return <abbr title={name}>{code.toUpperCase()}</abbr>;
}
