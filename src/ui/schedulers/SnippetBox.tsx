/**
 * A configuration snippet with a Copy button: the clipboard when the page may write it, else the
 * text in a selected box to copy by hand (an insecure origin, a denied permission).
 */
import { useEffect, useRef, useState } from 'react';
import './snippet.css';

export function SnippetBox({ text, name }: { text: string; name: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (state === 'manual') area.current?.select();
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('manual');
    }
  };
  return (
    <div className="snippet" data-testid="snippet">
      <div className="snippet-head">
        <span>{name}</span>
        <button type="button" data-testid="snippet-copy" onClick={() => void copy()}>
          Copy
        </button>
        {state === 'copied' && (
          <output data-testid="snippet-copied" role="status">
            Copied
          </output>
        )}
      </div>
      {state === 'manual' ? (
        <>
          <p className="hint" role="status">
            The page may not write the clipboard here: the snippet is selected below, copy it with
            Ctrl+C (⌘C).
          </p>
          <textarea
            ref={area}
            readOnly
            value={text}
            rows={Math.min(30, text.split('\n').length + 1)}
            data-testid="snippet-fallback"
            aria-label={`${name}, selected to copy`}
          />
        </>
      ) : (
        // Focusable, so a keyboard scrolls its long lines sideways.
        <pre data-testid="snippet-text" tabIndex={0} role="region" aria-label={name}>
          {text}
        </pre>
      )}
    </div>
  );
}
