/**
 * The one cancel error, and the one way to recognise it. The class is the engine's (the engine is
 * the ground layer and throws it between units); across a worker boundary an error arrives as a
 * plain Error with its `name`, and a cancelled stream or fetch rejects with an `AbortError`, so
 * `isCancelled` accepts those too.
 */
import { CancelledError } from '../engine/analysis/index.ts';

export { CancelledError };

/** Whether `e` means "the work was cancelled" (by the user or by newer work), wherever it came from. */
export function isCancelled(e: unknown): boolean {
  if (e instanceof CancelledError) return true;
  // An Error or a DOMException (not an Error everywhere), recognised by name.
  const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined;
  return name === 'CancelledError' || name === 'AbortError';
}
