/**
 * A playback (Play in a step-through, a lesson or a replay) is one change in history: its first
 * frame is an edit, which adds one entry once it settles, and every later frame adjusts that entry.
 * Back after a playback returns to the step it started from, not to each frame.
 */
import { useCallback, useEffect, useRef } from 'react';
import { explorer } from '../state/common/store/store.ts';
import type { Params } from '../state/common/store/params.ts';

/** Which frame of a playback a change is (none: a person's own edit). */
export type Frame = 'first' | 'next';

export function setFromPlayback(patch: Partial<Params>, frame?: Frame): void {
  const s = explorer.getState();
  if (frame === 'next') s.adjust(patch);
  else s.setParams(patch);
}

/** The frame the next tick of a playback is: 'first' after each start, then 'next'. */
export function usePlaybackFrames(playing: boolean): () => Frame {
  const started = useRef(false);
  useEffect(() => {
    if (!playing) started.current = false;
  }, [playing]);
  return useCallback(() => {
    if (started.current) return 'next';
    started.current = true;
    return 'first';
  }, []);
}
