/**
 * The Model page's content: docs/model.md read into numbered sections of simple blocks (the file
 * uses headings, paragraphs, bullet lists and code blocks only). Help text links to a section by
 * its number, as `#model-7`.
 */

export type ModelBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'heading'; readonly text: string };

interface ModelSection {
  /** The section's number (0 for the text before the first numbered section). */
  readonly number: number;
  readonly title: string;
  /** The anchor help text links to. */
  readonly id: string;
  readonly blocks: readonly ModelBlock[];
}

export const modelAnchor = (section: number) => `model-${section}`;

/** Words that end a list item's continuation lines: a new item, a heading, a blank line. */
function blocksOf(lines: readonly string[]): ModelBlock[] {
  const blocks: ModelBlock[] = [];
  let k = 0;
  while (k < lines.length) {
    const line = lines[k];
    if (line.trim() === '') {
      k++;
    } else if (line.startsWith('```')) {
      const body: string[] = [];
      for (k++; k < lines.length && !lines[k].startsWith('```'); k++) body.push(lines[k]);
      blocks.push({ kind: 'code', text: body.join('\n') });
      k++;
    } else if (line.startsWith('### ')) {
      blocks.push({ kind: 'heading', text: line.slice(4).trim() });
      k++;
    } else if (line.startsWith('- ')) {
      const items: string[] = [];
      while (k < lines.length && (lines[k].startsWith('- ') || /^ {2,}\S/.test(lines[k]))) {
        if (lines[k].startsWith('- ')) items.push(lines[k].slice(2).trim());
        else items[items.length - 1] += ` ${lines[k].trim()}`;
        k++;
      }
      blocks.push({ kind: 'list', items });
    } else {
      const text: string[] = [];
      while (k < lines.length && lines[k].trim() !== '' && !/^(- |#|```)/.test(lines[k]))
        text.push(lines[k++].trim());
      blocks.push({ kind: 'paragraph', text: text.join(' ') });
    }
  }
  return blocks;
}

/** The sections of the model document, in order. */
export function parseModel(markdown: string): ModelSection[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const sections: { number: number; title: string; lines: string[] }[] = [
    { number: 0, title: lines[0]?.replace(/^#\s+/, '') ?? 'The model', lines: [] },
  ];
  for (const line of lines.slice(1)) {
    const heading = /^## (\d+)\. (.+)$/.exec(line);
    if (heading) sections.push({ number: Number(heading[1]), title: heading[2], lines: [] });
    else sections[sections.length - 1].lines.push(line);
  }
  return sections.map((s) => ({
    number: s.number,
    title: s.title,
    id: modelAnchor(s.number),
    blocks: blocksOf(s.lines),
  }));
}

type InlinePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'strong' | 'em' | 'code'; readonly text: string }
  | { readonly kind: 'link'; readonly text: string; readonly href: string };

/** **bold**, *emphasis*, `code` and [text](href) inside a block's text. */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) parts.push({ kind: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) parts.push({ kind: 'strong', text: m[1] });
    else if (m[2] !== undefined) parts.push({ kind: 'em', text: m[2] });
    else if (m[3] !== undefined) parts.push({ kind: 'code', text: m[3] });
    else parts.push({ kind: 'link', text: m[4], href: m[5] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
