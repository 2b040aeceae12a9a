/** The Model page: docs/model.md, section by section, each with the anchor help text links to. */
import { Fragment, useEffect } from 'react';
import modelText from '../../docs/model.md?raw';
import { inlineParts, parseModel, type ModelBlock } from '../present/model.ts';
import { takeWantedSection } from './ModelLink.tsx';

const SECTIONS = parseModel(modelText);

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((p, k) => {
        if (p.kind === 'strong') return <strong key={k}>{p.text}</strong>;
        if (p.kind === 'em') return <em key={k}>{p.text}</em>;
        if (p.kind === 'code') return <code key={k}>{p.text}</code>;
        if (p.kind === 'link') {
          // Links to other files of docs/ are not part of the page: show their name only.
          const local = !/^https?:/.test(p.href);
          return local ? (
            <Fragment key={k}>{p.text}</Fragment>
          ) : (
            <a key={k} href={p.href} rel="noreferrer" target="_blank">
              {p.text}
            </a>
          );
        }
        return <Fragment key={k}>{p.text}</Fragment>;
      })}
    </>
  );
}

function Block({ block }: { block: ModelBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case 'heading':
      return (
        <h4>
          <Inline text={block.text} />
        </h4>
      );
    case 'code':
      return <pre>{block.text}</pre>;
    case 'list':
      return (
        <ul>
          {block.items.map((item, k) => (
            <li key={k}>
              <Inline text={item} />
            </li>
          ))}
        </ul>
      );
  }
}

export function ModelView() {
  useEffect(() => {
    const section = takeWantedSection();
    if (section !== null) document.getElementById(`model-${section}`)?.scrollIntoView();
  }, []);
  const [intro, ...numbered] = SECTIONS;
  return (
    <article className="model-page" aria-labelledby="model-title">
      <h2 id="model-title">{intro.title}</h2>
      {intro.blocks.map((b, k) => (
        <Block key={k} block={b} />
      ))}
      <nav aria-label="Model sections">
        <ol className="model-toc">
          {numbered.map((s) => (
            <li key={s.id} value={s.number}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {numbered.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} tabIndex={-1}>
          <h3 id={`${s.id}-title`}>
            §{s.number}. {s.title}
          </h3>
          {s.blocks.map((b, k) => (
            <Block key={k} block={b} />
          ))}
        </section>
      ))}
    </article>
  );
}
