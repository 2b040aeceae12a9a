/**
 * The first bytes of a large Prometheus `query_range` answer made whole for a preview: cut after the
 * last series that ends inside them and close the `result` array, `data` and the answer. A preview
 * then shows the first series of a file whose whole answer it cannot hold; the load reads it all.
 */
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * `head` itself when it is a whole JSON value; else its bytes up to the last series object closed
 * inside `{"data": {"result": [ … ]}}` (three containers deep), closed with `]}}`; null when no
 * series ends in it.
 */
export function wholeSeriesHead(head: Uint8Array): Uint8Array | null {
  const stack: number[] = [];
  let inString = false;
  let cut = -1;
  for (let k = 0; k < head.length; k++) {
    const b = head[k];
    if (inString) {
      if (b === BACKSLASH) k++;
      else if (b === QUOTE) inString = false;
      continue;
    }
    if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) stack.push(b);
    else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      stack.pop();
      const seriesClosed =
        b === CLOSE_OBJECT &&
        stack.length === 3 &&
        stack[0] === OPEN_OBJECT &&
        stack[1] === OPEN_OBJECT &&
        stack[2] === OPEN_ARRAY;
      if (seriesClosed) cut = k + 1;
      if (stack.length === 0) return head;
    }
  }
  if (cut < 0) return null;
  const out = new Uint8Array(cut + 3);
  out.set(head.subarray(0, cut));
  out.set([CLOSE_ARRAY, CLOSE_OBJECT, CLOSE_OBJECT], cut);
  return out;
}
