/**
 * The prediction a lesson asks before its reveal: the question and its choices; once checked,
 * right or wrong with the answer and why, then the lesson's figures. The choice and whether it
 * was checked are the link's `guess` (the lesson's own state).
 */
import type { ReactNode } from 'react';
import type { Prediction } from '../../present/learn/predict.ts';
import { useExplorer } from '../../state/common/store/store.ts';

const CHECKED = 10;

export function Predict({
  prediction,
  children,
}: {
  prediction: Prediction | null;
  children: ReactNode;
}) {
  const guess = useExplorer((s) => s.params.guess);
  const setParams = useExplorer((s) => s.setParams);
  // Loading or refused: what the lesson shows then carries no answer.
  if (!prediction) return <>{children}</>;
  const chosen = (guess % CHECKED) - 1;
  const checked = guess >= CHECKED && chosen >= 0 && chosen < prediction.choices.length;
  const right = chosen === prediction.right;
  return (
    <>
      <fieldset className="lesson-predict" data-testid="predict">
        <legend>
          <strong>Predict first:</strong> {prediction.question}
        </legend>
        <div className="lesson-predict-choices">
          {prediction.choices.map((text, k) => (
            <label key={text} className={checked && k === prediction.right ? 'right' : undefined}>
              <input
                type="radio"
                name="lesson-prediction"
                data-testid={`predict-choice-${k + 1}`}
                checked={chosen === k}
                disabled={checked}
                onChange={() => setParams({ guess: k + 1 })}
              />{' '}
              {text}
            </label>
          ))}
        </div>
        {!checked ? (
          <button
            type="button"
            className="primary"
            data-testid="predict-check"
            disabled={chosen < 0 || chosen >= prediction.choices.length}
            onClick={() => setParams({ guess: chosen + 1 + CHECKED })}
          >
            Check my prediction
          </button>
        ) : (
          <div
            className={`lesson-feedback ${right ? 'is-right' : 'is-wrong'}`}
            data-testid="predict-feedback"
            role="status"
          >
            <p>
              <strong className={right ? 'good' : 'bad'}>{right ? 'Right.' : 'Not quite.'}</strong>{' '}
              {right
                ? `It is ${prediction.answer}.`
                : `You said ${prediction.choices[chosen]}; it is ${prediction.answer} (${prediction.choices[prediction.right]}).`}
            </p>
            <p>
              <strong>Why:</strong> {prediction.why}
            </p>
            <button type="button" onClick={() => setParams({ guess: 0 })}>
              Hide and predict again
            </button>
          </div>
        )}
      </fieldset>
      {checked && <div data-testid="lesson-reveal">{children}</div>}
    </>
  );
}
