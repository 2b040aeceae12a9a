import type { MouseEvent, ReactNode } from 'react';
import type { PackerKind } from '../../engine/index.ts';
import type { Params } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import type { Prediction } from '../../present/learn/predict.ts';
import { Predict } from './Predict.tsx';
import { LESSONS, LESSON_COUNT, hrefOf, lessonParams } from './lessons.ts';

/** Follows an in-app link without reloading (a modified click still opens a new tab). */
export function followLink(e: MouseEvent, go: () => void) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  go();
}

export interface PackLink {
  /** The Pack view's parameters for this lesson's state. */
  readonly params: Params;
  readonly label: string;
}

/** Pack's parameters for a lesson's packing: its tasks by `packer` with GPA at ρ. */
export function lessonPackParams(
  params: Params,
  o: {
    tasks: number;
    packer: PackerKind;
    rho: number;
    capacity?: number;
    rebalance?: number;
    machine: number | null;
  },
): Params {
  return {
    ...params,
    view: 'pack',
    tasks: o.tasks,
    packer: o.packer,
    ...(o.rebalance === undefined ? {} : { rebalance: o.rebalance }),
    fit: { kind: 'gpa', rho: o.rho },
    ...(o.capacity === undefined ? {} : { capacity: o.capacity }),
    machine: o.machine,
  };
}

/**
 * One lesson's frame: title, text, the prediction asked first (null while the lesson has no
 * numbers yet: its children then say why), the lesson revealed once it is checked, the "try
 * this" prompt, its link into Pack, and its keys.
 */
export function LessonFrame({
  lesson,
  pack,
  keys,
  prediction,
  children,
}: {
  lesson: number;
  pack: PackLink | null;
  keys?: string;
  prediction: Prediction | null;
  children: ReactNode;
}) {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  const info = LESSONS[lesson - 1];
  const go = (k: number) => setParams(lessonParams(params, k));
  return (
    <article className="lesson" data-testid={`lesson-${lesson}`} aria-labelledby="lesson-title">
      <header className="lesson-head">
        <h2 id="lesson-title">
          <span className="lesson-number">Lesson {lesson}</span> {info.title}
        </h2>
        <p className="lesson-text">{info.text}</p>
        <p className="lesson-try" data-testid="try-this">
          <strong>Try this:</strong> {info.tryThis}
        </p>
      </header>
      <div className="lesson-body">
        <Predict prediction={prediction}>{children}</Predict>
      </div>
      <footer className="lesson-foot">
        {keys && <p className="lesson-keys">Keys: {keys}</p>}
        <div className="lesson-links">
          {pack && (
            <a
              className="lesson-pack"
              data-testid="open-in-pack"
              href={hrefOf(pack.params)}
              onClick={(e) => followLink(e, () => setParams(pack.params))}
            >
              {pack.label} →
            </a>
          )}
          <span className="lesson-pager">
            {lesson > 1 && (
              <a
                href={hrefOf(lessonParams(params, lesson - 1))}
                onClick={(e) => followLink(e, () => go(lesson - 1))}
              >
                ← Lesson {lesson - 1}
              </a>
            )}
            {lesson < LESSON_COUNT && (
              <a
                href={hrefOf(lessonParams(params, lesson + 1))}
                onClick={(e) => followLink(e, () => go(lesson + 1))}
              >
                Lesson {lesson + 1} →
              </a>
            )}
          </span>
        </div>
      </footer>
    </article>
  );
}

/** What a lesson shows while its data loads or when it cannot run. */
export function LessonWaiting({ message, error }: { message: string; error?: boolean }) {
  return (
    <p className={error ? 'error-text' : 'hint'} role={error ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
