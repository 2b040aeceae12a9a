/**
 * The production build's extras (vite.config.ts): the default dataset prepared for the first page
 * (scripts/prepareData.ts) and its first packing (scripts/firstPack.ts), a start of their fetches in
 * index.html before the app's code arrives, the first screen painted from that packing as static
 * HTML with the app's stylesheet (src/present/pack/firstScreen.ts), and
 * the version (registered with the service worker, public/sw.js, whose cache is named after it) and
 * the service worker's manifest: the files it caches on install.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';

import { DEFAULT_PRESET_ID, presetById } from '../src/engine/index.ts';
import { prepareDefaultDataset } from './prepareData.ts';
import { prepareFirstPack } from './firstPack.ts';
import { staticGraph, type Manifest, type ManifestChunk } from './bundleSize.ts';
import { LEARN_PARAMS } from '../src/state/learn/params.ts';
import { DEFAULT_PARAMS } from '../src/state/common/store/params.ts';
import { VIEW_REGISTRY } from '../src/state/common/views/views.ts';
import { decodeFirstPack } from '../src/state/pack/firstPack.ts';
import { FIRST_SCREEN_ON } from '../src/present/pack/firstScreenClass.ts';
import {
  FIRST_SCREEN_CLASS,
  FIRST_SCREEN_STYLE,
  firstScreenHtml,
} from '../src/present/pack/firstScreen.ts';

/** Where the service worker finds its manifest (next to itself, at the app's base). */
export const SW_MANIFEST = 'sw-manifest.json';

/** Query fields that choose a dataset or scale other than the default: no early fetch then. */
const NOT_DEFAULT = /[?&](d|scale|files)=/;

/** The app's version: its content-hashed file names, the prepared data and the service worker. */
function versionOf(
  files: readonly string[],
  prepared: Uint8Array,
  firstPack: string,
  publicDir: string,
): string {
  return createHash('sha256')
    .update(
      [...files]
        .filter((f) => f !== 'index.html' && f !== SW_MANIFEST)
        .sort()
        .join('\n'),
    )
    .update(prepared)
    .update(firstPack)
    .update(readFileSync(resolve(publicDir, 'sw.js')))
    .digest('hex')
    .slice(0, 16);
}

/** The first screen's static HTML from the build's first packing (the static block shows Pack). */
function firstScreenOf(firstPackText: string): string {
  if (DEFAULT_PARAMS.view !== 'pack') throw new Error('the first screen is drawn for Pack only');
  const first = decodeFirstPack(JSON.parse(firstPackText));
  if (!first) throw new Error('the first packing does not read back');
  const views = VIEW_REGISTRY.map((v) => ({ label: v.label, help: v.help, open: v.id === 'pack' }));
  const fit = DEFAULT_PARAMS.fit;
  return firstScreenHtml({
    result: first.response.result,
    rho: 'rho' in fit ? fit.rho : null,
    views,
    lessons: LEARN_PARAMS.lesson.range!.max,
  });
}

/** The stylesheets the app's chunk imports (its own CSS, which Vite splits out). */
const appCss = (app: Rolldown.OutputChunk | Rolldown.OutputAsset | undefined): string[] =>
  app?.type === 'chunk' ? [...(app.viteMetadata?.importedCss ?? [])] : [];

/** A stylesheet's text from the bundle. */
function cssText(bundle: Rolldown.OutputBundle | undefined, file: string): string {
  const asset = bundle?.[file];
  if (asset?.type !== 'asset') throw new Error(`the stylesheet ${file} is not in the bundle`);
  const text =
    typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
  // Written into the page, a url() would be read from the page's address, not the sheet's.
  if (text.includes('</style') || text.includes('url('))
    throw new Error(`the stylesheet ${file} cannot be written inline`);
  return text;
}

/** The bundle's chunks as a manifest of their static imports (what `staticGraph` walks). */
function chunkImports(bundle: Rolldown.OutputBundle): Manifest {
  const out: Record<string, ManifestChunk> = {};
  for (const [file, chunk] of Object.entries(bundle))
    if (chunk.type === 'chunk') out[file] = { file, imports: chunk.imports };
  return out;
}

export function slopackBuild(): Plugin {
  let config: ResolvedConfig;
  let prepared: Awaited<ReturnType<typeof prepareDefaultDataset>> | null = null;
  let firstPack: Awaited<ReturnType<typeof prepareFirstPack>> | null = null;
  return {
    name: 'slopack-build',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      prepared = await prepareDefaultDataset(config.publicDir);
      firstPack = await prepareFirstPack(prepared.bytes);
    },
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f !== 'index.html' && !f.endsWith('.map'));
      const preset = presetById(DEFAULT_PRESET_ID);
      const sources = preset?.kind === 'files' ? preset.files.map((f) => f.url.slice(1)) : [];
      const manifest = {
        files: ['', ...files.sort(), prepared!.fileName, firstPack!.fileName, ...sources],
      };
      this.emitFile({ type: 'asset', fileName: SW_MANIFEST, source: JSON.stringify(manifest) });
      this.emitFile({ type: 'asset', fileName: prepared!.fileName, source: prepared!.bytes });
      this.emitFile({ type: 'asset', fileName: firstPack!.fileName, source: firstPack!.text });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const url = config.base + prepared!.fileName;
        // Started before the bundle downloads; the app takes the promise (src/main.tsx).
        const first = config.base + firstPack!.fileName;
        const early =
          `if(!${NOT_DEFAULT}.test(location.search)){window.__slopackPrepared=` +
          `fetch(${JSON.stringify(url)}).then(function(r){return r.ok?r.arrayBuffer():null})` +
          `.catch(function(){return null});window.__slopackFirstPack=` +
          `fetch(${JSON.stringify(first)}).then(function(r){return r.ok?r.json():null})` +
          `.catch(function(){return null});}`;
        const version = versionOf(
          Object.keys(ctx.bundle ?? {}),
          prepared!.bytes,
          firstPack!.text,
          config.publicDir,
        );
        // Painted with the page on the plain address (the default view and parameters).
        // Elsewhere the block is removed once parsed: hidden, its cells still answered a search for
        // the headline's figures (a test read its 41 machines before the app drew its own 9).
        const plain =
          `if(location.search===''&&location.hash==='')document.documentElement.classList.add(${JSON.stringify(FIRST_SCREEN_ON)});` +
          `else document.addEventListener('DOMContentLoaded',function(){var b=document.querySelector(${JSON.stringify('.' + FIRST_SCREEN_CLASS)});if(b)b.remove();});`;
        // The app's chunk, loaded by the entry once the workers are started (src/main.tsx), and
        // the chunks it imports statically are fetched and compiled meanwhile, not one wave after
        // another as each module's imports are found.
        const app = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app.tsx'),
        );
        const preload = (
          app ? staticGraph(chunkImports(ctx.bundle ?? {}), [app.fileName]) : []
        ).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: config.base + file },
          injectTo: 'head' as const,
        }));
        // The app's stylesheet written into the head: the static first screen is painted styled
        // as soon as the page is parsed, with no stylesheet to wait for (fetched, it queued behind
        // the modulepreloads on six connections and held the first paint back by up to a second).
        // The whole sheet, not a "critical" part: 3.3 kB gzip, and a part would restyle the page
        // when the rest arrived. A disabled link of the same name (never fetched, never applied)
        // tells the app's loader the sheet is there, so that importing the app does not add it.
        const css = appCss(app).flatMap((file) => [
          { tag: 'style', children: cssText(ctx.bundle, file), injectTo: 'head' as const },
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', href: config.base + file, disabled: true },
            injectTo: 'head' as const,
          },
        ]);
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html has no ${root}`);
        return {
          html: html.replace(root, `<div id="root">${firstScreenOf(firstPack!.text)}</div>`),
          tags: [
            ...css,
            ...preload,
            { tag: 'meta', attrs: { name: 'slopack-version', content: version }, injectTo: 'head' },
            { tag: 'style', children: FIRST_SCREEN_STYLE, injectTo: 'head-prepend' },
            { tag: 'script', children: early + plain, injectTo: 'head-prepend' },
          ],
        };
      },
    },
  };
}
