/**
 * The first bytes of a tar archive cut after its last whole member: a preview reads a file's head
 * only, and a member cut in the middle would read as a truncated archive (or a half line). When not
 * even the first member is whole, it is kept up to its last whole line, its header's size (and
 * checksum) written for that length, so the preview reads a short but whole member.
 */

function field(head: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to && head[i] !== 0; i++) s += String.fromCharCode(head[i]);
  return s;
}

/** The head up to the end of its last whole member, or null when it holds no whole line. */
export function wholeTarMembers(head: Uint8Array): Uint8Array | null {
  let at = 0;
  let cut = 0;
  while (at + 512 <= head.length && head[at] !== 0) {
    const size = field(head, at + 124, at + 136);
    if (!/^\s*[0-7]+\s*$/.test(size)) break;
    const end = at + 512 + Math.ceil(parseInt(size, 8) / 512) * 512;
    if (end > head.length) break;
    cut = end;
    at = end;
  }
  if (cut > 0) return head.subarray(0, cut);
  return head.length > 512 ? firstMemberLines(head) : null;
}

/** The first member alone, cut after its last newline within the head, its header rewritten. */
function firstMemberLines(head: Uint8Array): Uint8Array | null {
  const nl = head.lastIndexOf(10);
  if (nl < 512) return null;
  const length = nl + 1 - 512;
  const out = new Uint8Array(512 + Math.ceil(length / 512) * 512);
  out.set(head.subarray(0, nl + 1));
  const size = length.toString(8).padStart(11, '0');
  for (let i = 0; i < 11; i++) out[124 + i] = size.charCodeAt(i);
  out[135] = 0;
  for (let i = 148; i < 156; i++) out[i] = 32;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += out[i];
  const check = sum.toString(8).padStart(6, '0');
  for (let i = 0; i < 6; i++) out[148 + i] = check.charCodeAt(i);
  out[154] = 0;
  return out;
}
