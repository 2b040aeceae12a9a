/**
 * A new view is its folder and one line: a trivial view (its component in `testing/HelloView.tsx`,
 * found by its name as `viewComponents.ts` finds every view's code, and its entry below, the one
 * line it would be in `ENTRIES` of `state/common/views/views.ts`) appears in the nav, opens from a
 * link and is a history entry, with nothing else told about it — and every link of the page's views
 * reads as before beside it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, type Params, type ViewId } from '../state/common/store/params.ts';
import { urlSync, type AddressBar } from '../state/common/controller/steps/urlSync.ts';
import { decode, encode, linkCodec } from '../state/common/link/url.ts';
import { linkRows } from '../state/common/link/urlFields.ts';
import { VIEW_REGISTRY, type ViewEntry } from '../state/common/views/views.ts';
import { ViewNav } from './App.tsx';
import { HelloView } from './testing/HelloView.tsx';
import { viewCodeIn, viewComponent } from './viewComponents.ts';

/** React's lazy component, whose loader the test calls to see what it loads. */
interface LazyComponent {
  _payload: { _result: () => Promise<unknown> };
}

const HELLO: ViewEntry<'hello'> = {
  id: 'hello',
  label: 'Hello',
  help: 'Says hello.',
  frame: 'column',
  owns: [],
};
// Its folder, where the page looks for a view's code (`testing/` stands for `src/ui/hello/`).
const HELLO_CODE = viewCodeIn(
  import.meta.glob<Record<string, unknown>>('./*View.tsx', { base: './testing' }),
  'hello',
);

const VIEWS_AND_HELLO: readonly ViewEntry<string>[] = [...VIEW_REGISTRY, HELLO];
const LINKS = linkCodec(linkRows(VIEWS_AND_HELLO));
const hello = { ...DEFAULT_PARAMS, view: 'hello' as ViewId };

describe('a view added by its entry alone', () => {
  it('is a button of the nav, after the others, with its help; open, it is the current page', () => {
    const html = renderToStaticMarkup(
      <ViewNav views={VIEWS_AND_HELLO} open="hello" onOpen={() => {}} />,
    );
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)];
    expect(buttons.map((b) => b[1])).toEqual(VIEWS_AND_HELLO.map((v) => v.label));
    expect(buttons.at(-1)![0]).toContain('aria-current="page"');
    expect(buttons.at(-1)![0]).toContain('title="Says hello."');
    expect(buttons.filter((b) => b[0].includes('aria-current'))).toHaveLength(1);
  });

  it('opens from a link, which the page without its entry refuses with a notice', () => {
    const query = LINKS.encode(hello);
    expect(new URLSearchParams(query).get('view')).toBe('hello');
    expect(LINKS.decode(query)).toEqual({ params: hello, notices: [] });
    const without = decode(query);
    expect(without.params.view).toBe(DEFAULT_PARAMS.view);
    expect(without.notices.join(' ')).toMatch(/view=.*hello/);
  });

  it("leaves every other view's link as it was", () => {
    const cases: Params[] = VIEW_REGISTRY.map((v) => ({ ...DEFAULT_PARAMS, view: v.id }));
    cases.push({ ...DEFAULT_PARAMS, view: 'paper', paperFigure: 'fig4', seed: 7, scale: 0.5 });
    for (const p of cases) {
      expect(LINKS.encode(p)).toBe(encode(p));
      expect(LINKS.decode(encode(p))).toEqual(decode(encode(p)));
    }
  });

  it('is a history entry: opening it pushes its link, Back to it writes nothing', () => {
    const written: { search: string; mode: 'push' | 'replace' }[] = [];
    const bar: AddressBar = {
      read: () => written.at(-1)?.search ?? LINKS.encode(DEFAULT_PARAMS),
      write: (search, mode) => written.push({ search, mode }),
    };
    let params: Params = DEFAULT_PARAMS;
    const sync = urlSync(() => params, bar, 300, LINKS);
    params = hello;
    sync.schedule(DEFAULT_PARAMS);
    expect(written).toEqual([{ search: LINKS.encode(hello), mode: 'push' }]);
    params = { ...hello, view: 'learn' };
    sync.schedule(hello);
    params = hello;
    sync.adopt(hello);
    sync.cancel();
    expect(written.map((w) => new URLSearchParams(w.search).get('view'))).toEqual([
      'hello',
      'learn',
    ]);
  });

  it('brings its code, found by its name, when first opened, not with the page', async () => {
    expect(HELLO_CODE.lazy).toBe(true);
    const loaded = (await (HELLO_CODE.View as unknown as LazyComponent)._payload._result()) as {
      default: unknown;
    };
    expect(loaded.default).toBe(HelloView);
    expect(renderToStaticMarkup(<HelloView />)).toBe('<p data-testid="hello">Hello.</p>');
  });

  it("finds every view's code by its name, and says where it looked for a missing one", () => {
    for (const v of VIEW_REGISTRY) expect(viewComponent(v.id).View).toBeTruthy();
    expect(viewComponent('pack').lazy).toBe(false);
    expect(() => viewCodeIn({}, 'hello')).toThrow('expected src/ui/hello/HelloView.tsx');
  });
});
