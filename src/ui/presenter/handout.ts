/**
 * The printable handout: every step opened in turn, as the presenter would open it, and its view
 * copied once it has settled (its plots are SVG, its question and numbers text), one printed page
 * per step with the step's link and QR code. The copies are still pictures: printing them needs no
 * view to stay open. A step is settled when its view has not changed for a while; a step that keeps
 * changing (a grid still filling) is taken as it is after a bounded wait.
 */
import { qrCode } from './qr.ts';
import { qrPath, qrSide } from './PhoneLink.tsx';

const QUIET_MS = 700;
const LONGEST_WAIT_MS = 20_000;

/** Whether a view is still arriving: its code loading, a progress bar, a number being computed. */
function arriving(root: Element): boolean {
  return (
    root.querySelector('.view-loading, .progress') !== null ||
    (root.textContent ?? '').includes('computing…')
  );
}

/**
 * Resolves once `root` has gone `QUIET_MS` without a change and nothing in it is still arriving,
 * or after `LONGEST_WAIT_MS`.
 */
function settled(root: Element): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(quiet, QUIET_MS);
    const cap = setTimeout(done, LONGEST_WAIT_MS);
    const watch = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(quiet, QUIET_MS);
    });
    function quiet() {
      if (arriving(root)) timer = setTimeout(quiet, QUIET_MS);
      else done();
    }
    watch.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    function done() {
      clearTimeout(timer);
      clearTimeout(cap);
      watch.disconnect();
      resolve();
    }
  });
}

function qrFigure(link: string): Element {
  const code = qrCode(link);
  const figure = document.createElement('figure');
  figure.className = 'handout-qr';
  if (!code) return figure;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${qrSide(code)} ${qrSide(code)}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `QR code of ${link}`);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', qrPath(code));
  svg.append(path);
  figure.append(svg);
  return figure;
}

const ID_REFERENCES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/** A copy of `view` whose ids (and the references to them) carry `prefix`: unique in the page. */
function renamedCopy(view: Element, prefix: string): Element {
  const copy = view.cloneNode(true) as Element;
  for (const el of [copy, ...copy.querySelectorAll('*')]) {
    if (el.id) el.id = prefix + el.id;
    for (const name of ID_REFERENCES) {
      const ids = el.getAttribute(name);
      if (ids)
        el.setAttribute(
          name,
          ids
            .split(/\s+/)
            .map((id) => prefix + id)
            .join(' '),
        );
    }
  }
  return copy;
}

/** One page of the handout: the step's number, its link and code, and its view as it settled. */
function page(index: number, count: number, link: string, view: Element | null): Element {
  const section = document.createElement('section');
  section.className = 'handout-page';
  const heading = document.createElement('h2');
  heading.textContent = `Step ${index + 1} of ${count}`;
  const address = document.createElement('p');
  address.className = 'handout-link';
  address.textContent = link;
  section.append(heading, qrFigure(link), address);
  if (view) {
    section.append(renamedCopy(view, `handout-${index}-`));
  }
  return section;
}

/**
 * Opens each step with `open`, copies its view into the handout (replacing the last one) and
 * returns the handout; `onStep` hears which step is being copied.
 */
export async function collectHandout(
  queries: readonly string[],
  open: (query: string) => void,
  onStep: (index: number) => void,
): Promise<HTMLElement> {
  const base = `${location.origin}${location.pathname}`;
  const pages: Element[] = [];
  for (const [i, query] of queries.entries()) {
    onStep(i);
    open(query);
    await new Promise((r) => requestAnimationFrame(r));
    await settled(document.querySelector('.app') ?? document.body);
    pages.push(page(i, queries.length, `${base}${query}`, document.querySelector('main')));
  }
  document.querySelector('.handout')?.remove();
  const handout = document.createElement('div');
  handout.className = 'handout';
  handout.dataset.testid = 'handout';
  handout.append(...pages);
  document.body.append(handout);
  return handout;
}
