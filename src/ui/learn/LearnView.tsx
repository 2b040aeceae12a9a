/** The Learn section: short interactive lessons (lessons.ts), each a link, on the same engine and plots. */
import { useExplorer } from '../../state/common/store/store.ts';
import { SEMI_ONLINE_LESSON } from '../../state/learn/params.ts';
import { KnobLesson } from './KnobLesson.tsx';
import { KNOB_LESSON } from './knobLesson.ts';
import { followLink } from './LessonFrame.tsx';
import { LESSONS, hrefOf, lessonParams } from './lessons.ts';
import { Lesson1Averages } from './Lesson1Averages.tsx';
import { Lesson2Sums } from './Lesson2Sums.tsx';
import { Lesson3FitTest } from './Lesson3FitTest.tsx';
import { Lesson4StepThrough } from './Lesson4StepThrough.tsx';
import { Lesson5Price } from './Lesson5Price.tsx';
import { Lesson6Scheduler } from './Lesson6Scheduler.tsx';
import { Lesson7SemiOnline } from './Lesson7SemiOnline.tsx';
import { Lesson8Pooling } from './Lesson8Pooling.tsx';
import { POOLING_LESSON } from './poolingLesson.ts';
import { LessonCorrelation } from './LessonCorrelation.tsx';
import { CORRELATION_LESSON } from './correlationLesson.ts';
import './learn.css';

function Lesson({ lesson }: { lesson: number }) {
  if (LESSONS[lesson - 1] === POOLING_LESSON) return <Lesson8Pooling />;
  if (LESSONS[lesson - 1] === CORRELATION_LESSON) return <LessonCorrelation />;
  if (LESSONS[lesson - 1] === KNOB_LESSON) return <KnobLesson />;
  switch (lesson) {
    case 1:
      return <Lesson1Averages />;
    case 2:
      return <Lesson2Sums />;
    case 3:
      return <Lesson3FitTest />;
    case 4:
      return <Lesson4StepThrough />;
    case 5:
      return <Lesson5Price />;
    case SEMI_ONLINE_LESSON:
      return <Lesson7SemiOnline />;
    default:
      return <Lesson6Scheduler />;
  }
}

export function LearnView() {
  const params = useExplorer((s) => s.params);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <div className="learn" data-testid="learn">
      <nav className="learn-nav" aria-label="Lessons">
        <ol>
          {LESSONS.map((l, i) => {
            const target = lessonParams(params, i + 1);
            const current = params.lesson === i + 1;
            return (
              <li key={l.title}>
                <a
                  href={hrefOf(target)}
                  aria-current={current ? 'page' : undefined}
                  data-testid={`lesson-link-${i + 1}`}
                  onClick={(e) => followLink(e, () => setParams(target))}
                >
                  <span className="learn-nav-number">{i + 1}</span>{' '}
                  <span className="learn-nav-title">{l.title}</span>
                </a>
              </li>
            );
          })}
        </ol>
      </nav>
      <Lesson key={params.lesson} lesson={params.lesson} />
    </div>
  );
}
