/**
 * Presenter mode (`?present=1`): large type and high contrast for a projector, a sequence of steps
 * (links of this page, in order) walked with the arrow keys or the bar's buttons, the current
 * step's link as a QR code for the phones in the room, a print stylesheet that prints the open step
 * alone, large, and a handout (every step, one page each). A step is opened as Back and Forward open
 * an address (the app reads it from the address bar), so each is also one history entry.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import './presenter.css';
import { DEFAULT_STEPS, phoneLink, readSteps, stepFrom, stepOfAddress } from './steps.ts';
import { decimalOrNull } from '../../engine/index.ts';
import { PhoneLink } from './PhoneLink.tsx';
import { collectHandout } from './handout.ts';

const STEPS_KEY = 'slopack-present-steps';
const AT_KEY = 'slopack-present-at';

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // A page that may not store keeps its steps for this view of it.
  }
}

/** Opens `query` as the app opens an address from history. */
function open(query: string) {
  history.pushState(null, '', `${location.pathname}${query}`);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** What the page shows now, as a phone opens it. */
const linkNow = () => phoneLink(location.origin, location.pathname, location.search, location.hash);

/** Whether a key press belongs to a field (typing, a slider, a menu) rather than to the steps. */
function inField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))
  );
}

/** The steps as links, one a line, to edit; lines that are not links of this page are counted. */
function StepsEditor(props: {
  steps: readonly string[];
  skipped: number;
  onSave: (text: string) => void;
}) {
  const { steps, skipped, onSave } = props;
  return (
    <form
      className="presenter-steps"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(new FormData(e.currentTarget).get('steps') as string);
      }}
    >
      <label htmlFor="presenter-steps">Links of this page, one a line, in order</label>
      <textarea
        id="presenter-steps"
        name="steps"
        rows={8}
        defaultValue={steps.map((s) => `${location.origin}${location.pathname}${s}`).join('\n')}
      />
      <button type="submit">Use these steps</button>
      {skipped > 0 && (
        <p role="alert">
          {skipped} line{skipped === 1 ? '' : 's'} left out: not a link of this page.
        </p>
      )}
    </form>
  );
}

/** Print the open step, or a handout of every step (each opened in turn, then the open one again). */
function PrintButtons(props: { steps: readonly string[]; at: number; go: (at: number) => void }) {
  const { steps, at, go } = props;
  const [copying, setCopying] = useState<number | null>(null);
  const printHandout = async () => {
    try {
      await collectHandout(steps, open, setCopying);
    } finally {
      setCopying(null);
      go(at);
    }
    document.documentElement.classList.add('handout-ready');
    print();
  };

  return (
    <>
      <button
        type="button"
        aria-label="Print this step"
        onClick={() => {
          document.documentElement.classList.remove('handout-ready');
          print();
        }}
      >
        Print
      </button>
      <button
        type="button"
        onClick={printHandout}
        disabled={copying !== null}
        aria-label={copying === null ? 'Print handout' : undefined}
      >
        {copying === null ? 'Handout' : `Copying ${copying + 1}/${steps.length}…`}
      </button>
    </>
  );
}

export function Presenter() {
  const [steps, setSteps] = useState<string[]>(() => {
    const text = stored(STEPS_KEY);
    return text ? readSteps(text, location.origin, location.pathname).steps : [...DEFAULT_STEPS];
  });
  const [at, setAt] = useState(
    () => stepOfAddress(steps, location.search) ?? decimalOrNull(stored(AT_KEY) ?? '') ?? 0,
  );
  const [editing, setEditing] = useState(false);
  const [skipped, setSkipped] = useState(0);
  const [showQr, setShowQr] = useState(false);
  const qrButton = useRef<HTMLButtonElement>(null);
  const closeQr = useCallback((refocus: boolean) => {
    setShowQr(false);
    if (refocus) qrButton.current?.focus();
  }, []);

  const go = useCallback(
    (next: number) => {
      if (steps.length === 0) return;
      setAt(next);
      store(AT_KEY, String(next));
      open(steps[next]);
    },
    [steps],
  );

  useEffect(() => {
    document.documentElement.classList.add('presenting');
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || inField(e.target)) return;
      const by = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (by === 0) return;
      e.preventDefault();
      go(stepFrom(at, by, steps.length));
    };
    // Back and Forward move the page between steps too: the bar follows the address.
    const onAddress = () => setAt((now) => stepOfAddress(steps, location.search) ?? now);
    addEventListener('keydown', onKey);
    addEventListener('popstate', onAddress);
    return () => {
      removeEventListener('keydown', onKey);
      removeEventListener('popstate', onAddress);
      document.documentElement.classList.remove('presenting', 'handout-ready');
    };
  }, [at, go, steps]);

  const save = (text: string) => {
    const read = readSteps(text, location.origin, location.pathname);
    setSkipped(read.skipped);
    if (read.steps.length === 0) return;
    store(STEPS_KEY, read.steps.join('\n'));
    setSteps(read.steps);
    setAt(0);
    store(AT_KEY, '0');
  };

  return (
    <div className="presenter-bar" role="region" aria-label="Presenter" data-testid="presenter">
      <button
        type="button"
        onClick={() => go(stepFrom(at, -1, steps.length))}
        disabled={at === 0}
        aria-label="Previous step"
      >
        ←
      </button>
      <span className="presenter-count">
        <span data-testid="presenter-step" aria-live="polite" className="presenter-long">
          Step {at + 1} of {steps.length}
        </span>
        <span aria-hidden="true" className="presenter-short">
          {at + 1}/{steps.length}
        </span>
      </span>
      <button
        type="button"
        onClick={() => go(stepFrom(at, 1, steps.length))}
        disabled={at >= steps.length - 1}
        aria-label="Next step"
      >
        →
      </button>
      <button type="button" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
        Steps
      </button>
      <button
        type="button"
        ref={qrButton}
        onClick={() => setShowQr((s) => !s)}
        aria-expanded={showQr}
        aria-label="Phone link"
      >
        QR
      </button>
      <PrintButtons steps={steps} at={at} go={go} />
      <a href={`${location.pathname}?present=0`} aria-label="Leave presenter mode">
        Leave
      </a>
      {showQr && <PhoneLink link={linkNow} opener={qrButton} onClose={closeQr} />}
      {editing && <StepsEditor steps={steps} skipped={skipped} onSave={save} />}
    </div>
  );
}
