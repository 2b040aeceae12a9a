/**
 * The page's status: how the engine runs here (with a spinner while it computes) and what holds
 * memory, and the notices (a repeated one shows its count; info and warnings expire, errors stay
 * until dismissed).
 */
import { useEffect, useState } from 'react';
import { describeMemory, readMemory } from '../state/common/store/memory.ts';
import { useExplorer } from '../state/common/store/store.ts';
import { useController } from './controllerContext.ts';

export function Notices() {
  const notices = useExplorer((s) => s.notices);
  const dismiss = useExplorer((s) => s.dismiss);
  if (!notices.length) return null;
  return (
    <div className="notices" role="region" aria-label="Notices">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`notice notice-${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
          data-testid="notice"
        >
          <span>{n.text}</span>
          {n.count > 1 && (
            <span className="notice-count" data-testid="notice-count" title="times said">
              ×{n.count}
            </span>
          )}
          {n.action && (
            <button
              type="button"
              data-testid="notice-action"
              onClick={() => (dismiss(n.id), n.action!.run())}
            >
              {n.action.label}
            </button>
          )}
          <button type="button" onClick={() => dismiss(n.id)} aria-label="Dismiss notice">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

// How often the memory readout is refreshed, in ms.
const MEMORY_EVERY = 2000;

function MemoryReadout() {
  const { runner } = useController();
  const [text, setText] = useState(() => describeMemory(readMemory(runner)));
  useEffect(() => {
    const timer = setInterval(() => {
      const next = describeMemory(readMemory(runner));
      setText((t) => (t.short === next.short && t.long === next.long ? t : next));
    }, MEMORY_EVERY);
    return () => clearInterval(timer);
  }, [runner]);
  return (
    <span
      className="memory"
      data-testid="memory"
      title={text.long}
      aria-label={`memory: ${text.short}`}
    >
      {text.short}
    </span>
  );
}

function RuntimeBadge() {
  const runtime = useExplorer((s) => s.runtime);
  return (
    <span
      className={`runtime${runtime.slower ? ' slower' : ''}`}
      data-testid="runtime"
      title={runtime.text}
    >
      {runtime.mode === 'pool'
        ? `${runtime.workers} workers${runtime.shared ? ', shared memory' : ' (slower mode: not cross-origin isolated)'}`
        : 'main thread (slower mode)'}
      <MemoryReadout />
    </span>
  );
}

/**
 * How the engine runs here and what holds memory, folded behind a small button: a visitor sees a
 * spinner while it computes, and the slower mode is said on the button itself.
 */
export function Diagnostics() {
  const slower = useExplorer((s) => s.runtime.slower);
  const busy = useExplorer(
    (s) =>
      s.pack.status === 'running' || s.pool.status === 'running' || s.data.status === 'running',
  );
  return (
    <details className="diagnostics" data-testid="diagnostics">
      <summary title="Diagnostics: how the engine runs here, and what holds memory">
        {busy && <span className="spinner" role="img" aria-label="computing" />}
        {slower ? 'slower mode' : 'engine'}
      </summary>
      <div className="diagnostics-body">
        <RuntimeBadge />
      </div>
    </details>
  );
}
