/**
 * The first bytes of a tar archive cut after its last whole member: a preview reads a file's head
 * only, and a member cut in the middle would read as a truncated archive (or a half line).
 */

/** The head up to the end of its last whole member, or null when not even the first is whole. */
export function wholeTarMembers(head: Uint8Array): Uint8Array | null {
  let at = 0;
  let cut = 0;
  while (at + 512 <= head.length && head[at] !== 0) {
    let field = '';
    for (let i = at + 124; i < at + 136 && head[i] !== 0; i++)
      field += String.fromCharCode(head[i]);
    if (!/^\s*[0-7]+\s*$/.test(field)) return cut > 0 ? head.subarray(0, cut) : null;
    const end = at + 512 + Math.ceil(parseInt(field, 8) / 512) * 512;
    if (end > head.length) break;
    cut = end;
    at = end;
  }
  return cut > 0 ? head.subarray(0, cut) : null;
}
