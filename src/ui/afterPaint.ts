/**
 * Work that must not compete with the frame being prepared: the positions a drag heads for are
 * packed ahead on the workers, and on two cores those packings, started from the input handler,
 * took a core from the render of the input's own answer (the drag's frames 13–16 ms at p95; begun
 * once the frame is painted, 8–12 ms).
 */

/**
 * A scheduler that runs the function it was last given once the frame being prepared has been
 * painted; a function given before then and not yet run is dropped for the newer one.
 */
export function newestAfterPaint(): (run: () => void) => void {
  let newest = 0;
  return (run) => {
    const id = ++newest;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (id === newest) run();
      }, 0),
    );
  };
}
