/**
 * The first screen as static HTML, written into index.html by the build (scripts/buildPlugin.ts)
 * from the build's first packing: the header, the side panel's frame and Pack's headline with its
 * digits, in the markup and classes the app renders (src/ui/App.tsx, src/ui/pack/PackView.tsx), so
 * the browser paints the numbers with the page, before any of the app's code has arrived. React's
 * first render replaces it with the same screen, live; cells the app fills later (q, the exact q)
 * hold the same "…" the app shows while they compute. Shown only on the plain address, where the
 * page opens on Pack with the default parameters the packing was made with (index.html's early
 * script marks the document; elsewhere the block stays hidden and the app alone draws the page).
 */
import type { PackResult } from '../../engine/index.ts';
import { countWord, formatFixed } from '../format.ts';
import { plainLabel } from '../glossary.ts';
import { FIRST_SCREEN_ON } from './firstScreenClass.ts';

/**
 * The headline digits' Element Timing name (the startup bench reads when they are painted): on
 * this block's m_abs and on the app's.
 */
export const HEADLINE_TIMING = 'headline-digits';
const TIMED = `elementtiming="${HEADLINE_TIMING}"`;

/** The static block's class (hidden unless the document carries FIRST_SCREEN_ON). */
export const FIRST_SCREEN_CLASS = 'first-screen';

/** What the static first screen shows: the headline's figures and the nav's views. */
interface FirstScreen {
  readonly result: Pick<PackResult, 'mAbs' | 'mNorm' | 'm' | 'oversized' | 'moves'>;
  /** ρ of the default fit test, or null where it has none. */
  readonly rho: number | null;
  /** The nav's views, in order, Pack open. */
  readonly views: readonly {
    readonly label: string;
    readonly help: string;
    readonly open: boolean;
  }[];
  readonly lessons: number;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]);

/** A headline term's "?" (its explanation arrives with the app). */
const explain = (name: string) =>
  `<span class="explain"><button type="button" class="explain-button" aria-label="What is ${escape(name)}?">?</button></span>`;

/** A headline cell; `attributes` are the value's (its test id, its element timing). */
function cell(term: string, symbol: string | null, value: string, attributes = '') {
  const dt = `<dt>${escape(term)}${symbol === null ? '' : explain(symbol)}</dt>`;
  return `<div>${dt}<dd${attributes}>${escape(value)}</dd></div>`;
}

function header(views: FirstScreen['views']): string {
  const nav = views
    .map(
      (v) =>
        `<button type="button" class="${v.open ? 'active' : ''}"${v.open ? ' aria-current="page"' : ''} title="${escape(v.help)}">${escape(v.label)}</button>`,
    )
    .join('');
  return (
    '<header class="top"><h1 title="slopack: SLO-aware stochastic bin packing">slopack <small>SLO-aware stochastic bin packing</small></h1>' +
    `<nav aria-label="Views">${nav}</nav>` +
    '<details class="diagnostics"><summary>engine</summary></details>' +
    '<span class="share"><button type="button">Share</button></span></header>'
  );
}

function startHere(lessons: number): string {
  return (
    '<p class="start-here"><strong>What is this?</strong> Tasks whose CPU use is random, packed onto as few machines as ' +
    'possible while a machine overflows at most a share ρ of the time (the GPA paper, SoCC 2017). ' +
    '<strong>Start here:</strong> change the fit test or ρ in the settings and watch the machines ' +
    'and the overflow frequency q below; new to the idea? ' +
    `<button type="button" class="link-button">Learn it in ${escape(countWord(lessons))} short lessons</button>.</p>`
  );
}

function headline(result: FirstScreen['result'], rho: number | null): string {
  const pending = (term: string, symbol: string | null, className: string) =>
    `<div class="${className}"><dt>${escape(term)}${symbol === null ? '' : explain(symbol)}</dt><dd>…</dd><dd class="hint">\u00a0</dd></div>`;
  return (
    '<dl class="headline" data-testid="headline">' +
    cell(plainLabel('mAbs'), 'm_abs', String(result.mAbs), ` data-testid="m-abs" ${TIMED}`) +
    cell(plainLabel('mNorm'), 'm_norm', String(result.mNorm), ' data-testid="m-norm"') +
    cell(plainLabel('m'), 'm', formatFixed(result.m, 3), ' data-testid="m"') +
    pending(plainLabel('q'), 'q', 'q-cell') +
    pending('overflow, exact (convolution)', null, 'exact-cell') +
    (rho === null ? '' : cell(plainLabel('rho'), null, String(rho))) +
    cell('oversized tasks', null, String(result.oversized.length), ' data-testid="oversized"') +
    cell('rebalancing moves', null, String(result.moves)) +
    '</dl>'
  );
}

/** The static first screen's HTML (one block, hidden unless the address is the plain one). */
export function firstScreenHtml({ result, rho, views, lessons }: FirstScreen): string {
  const actions =
    '<div class="view-actions pack-actions"><span class="run-state"></span>' +
    ['Pin as A (compare)', 'Result JSON', 'Machines CSV']
      .map((label) => `<button type="button">${escape(label)}</button>`)
      .join('') +
    '</div>';
  return (
    `<div class="app ${FIRST_SCREEN_CLASS}" aria-busy="true">${header(views)}` +
    '<div class="layout"><aside class="panel" aria-label="Parameters"></aside>' +
    '<main class="content"><div class="pack-view">' +
    startHere(lessons) +
    `<div class="view-head">${headline(result, rho)}${actions}</div>` +
    '</div></main></div></div>'
  );
}

/**
 * The style that hides the block unless the address is plain, and its side panel's empty frame on
 * a phone (where the app folds the panel below the view).
 */
export const FIRST_SCREEN_STYLE =
  `html:not(.${FIRST_SCREEN_ON}) .${FIRST_SCREEN_CLASS}{display:none!important}` +
  `@media (max-width:900px){.${FIRST_SCREEN_CLASS} .panel{display:none}}`;
