import {
  Suspense,
  lazy,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { encode } from '../state/common/link/url.ts';
import { SHOW_LENGTH_CHARS, linkTo, loadLinkCodec } from '../state/common/link/linkAddress.ts';
import { useExplorer } from '../state/common/store/store.ts';
import type { ViewId } from '../state/common/store/params.ts';
import { GROUP_TITLE, ParamsPanel, shownGroups } from './ParamsPanel.tsx';
import {
  VIEW_REGISTRY,
  panelOf,
  viewEntry,
  type ViewEntry,
  type ViewFrame,
} from '../state/common/views/views.ts';
import { viewComponent } from './viewComponents.ts';
import { NARROW, useMediaQuery } from './useMediaQuery.ts';
import { Diagnostics, Notices } from './StatusLine.tsx';
import { ViewBoundary } from './ViewBoundary.tsx';
import { formatCount } from '../present/format.ts';
import { presenting } from './presenter/presenting.ts';

// Presenter mode's bar, loaded only when the page presents (?present=1).
const Presenter = lazy(() =>
  import('./presenter/Presenter.tsx').then((m) => ({ default: m.Presenter })),
);

const LinkedFilesBanner = lazy(() =>
  import('./LinkedFiles.tsx').then((m) => ({ default: m.LinkedFilesBanner })),
);

/** A view loaded on first opening: the header and panel stay while its code arrives. */
function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="view-loading" role="status" data-testid="view-loading">
          Loading the view…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

function ShareButton() {
  const params = useExplorer((s) => s.params);
  const [copied, setCopied] = useState<string | null>(null);
  const share = async () => {
    await loadLinkCodec().catch(() => undefined);
    const url = linkTo(encode(params));
    history.replaceState(null, '', url);
    const length = url.length > SHOW_LENGTH_CHARS ? ` (${formatCount(url.length)} characters)` : '';
    try {
      await navigator.clipboard.writeText(url);
      setCopied(`Link copied${length}`);
    } catch {
      setCopied(url);
    }
    setTimeout(() => setCopied(null), 4000);
  };
  return (
    <span className="share">
      <button type="button" onClick={share} data-testid="share">
        Share
      </button>
      {copied && (
        <output className="share-output" data-testid="share-output">
          {copied}
        </output>
      )}
    </span>
  );
}

/** The view `view`, in its error boundary (and, loaded on first opening, its Suspense). */
function ViewBody({ view }: { view: ViewId }) {
  const { View, lazy: loadsLater } = viewComponent(view);
  return (
    <ViewBoundary view={view}>
      {loadsLater ? (
        <Loading>
          <View />
        </Loading>
      ) : (
        <View />
      )}
    </ViewBoundary>
  );
}

/** A view in a main column of its own, no side panel. */
function Column({ view }: { view: ViewId }) {
  const className = ['content', viewEntry(view).className].filter(Boolean).join(' ');
  return (
    <main id="main" className={className} data-testid={`view-${view}`}>
      <ViewBody view={view} />
    </main>
  );
}

/**
 * A view with the shared parameters it declares (views.ts) in a side panel. On a narrow screen the
 * view comes first, its headline numbers on the first screen, and the parameters fold below it.
 */
function PanelLayout({ view }: { view: ViewId }) {
  const params = useExplorer((s) => s.params);
  const shows = panelOf(view, params);
  const narrow = useMediaQuery(NARROW);
  const main = (
    <main key="main" id="main" className="content" data-testid={`view-${view}`}>
      <ViewBody view={view} />
    </main>
  );
  if (shows.size === 0) return <div className="layout layout-full">{main}</div>;
  const titles = shownGroups(shows)
    .map((g) => GROUP_TITLE[g].toLowerCase())
    .join(' and ');
  const panel = (
    <aside key="panel" className="panel" aria-label="Parameters" data-testid="params-panel">
      {narrow ? (
        <details className="panel-fold" data-testid="panel-fold">
          <summary>Parameters: {titles}</summary>
          <ParamsPanel shows={shows} />
        </details>
      ) : (
        <ParamsPanel shows={shows} />
      )}
    </aside>
  );
  return <div className="layout">{narrow ? [main, panel] : [panel, main]}</div>;
}

/** Where each frame of the registry puts its view. */
const FRAMES: Record<ViewFrame, ComponentType<{ view: ViewId }>> = {
  panel: PanelLayout,
  column: Column,
  own: ViewBody,
};

/** The views' buttons, as the registry lists them; opening one starts it at its beginning. */
export function ViewNav({
  views,
  open,
  onOpen,
}: {
  views: readonly ViewEntry<string>[];
  open: string;
  onOpen: (view: string) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  // On a phone the views scroll sideways on one row: the open one is kept in sight.
  useEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft =
      active.offsetLeft - nav.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [open]);
  return (
    <nav aria-label="Views" ref={ref}>
      {views.map((v) => (
        <button
          key={v.id}
          type="button"
          className={v.id === open ? 'active' : ''}
          aria-current={v.id === open ? 'page' : undefined}
          title={v.help}
          onClick={() => v.id !== open && onOpen(v.id)}
        >
          {v.label}
        </button>
      ))}
    </nav>
  );
}

/**
 * The first stop of Tab: to the view's controls (its side panel's first field, else the view),
 * past the header's eleven views. The address's fragment is left alone (a long link lives there).
 */
function SkipLink() {
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    const panel = document.querySelector('[data-testid="params-panel"]');
    const first = panel?.querySelector<HTMLElement>('summary, input, select, button, textarea');
    const target = first ?? document.querySelector<HTMLElement>('main');
    if (!target) return;
    if (!first) target.tabIndex = -1;
    target.focus();
  };
  return (
    <a className="skip-link" href="#main" onClick={skip} data-testid="skip-link">
      Skip to the controls
    </a>
  );
}

export function App() {
  const view = useExplorer((s) => s.params.view);
  const Frame = FRAMES[viewEntry(view).frame];
  const setParams = useExplorer((s) => s.setParams);
  const [present] = useState(presenting);
  return (
    <div className="app">
      <SkipLink />
      {present && (
        <Suspense fallback={null}>
          <Presenter />
        </Suspense>
      )}
      <header className="top">
        <h1 title="slopack: SLO-aware stochastic bin packing">
          slopack <small>SLO-aware stochastic bin packing</small>
        </h1>
        {/* A step means something only in the view that set it (a lesson's, Pack's decision):
            the view opened from here starts at its own beginning. */}
        <ViewNav
          views={VIEW_REGISTRY}
          open={view}
          onOpen={(v) => setParams({ view: v as ViewId, step: 0 })}
        />
        <Diagnostics />
        <ShareButton />
      </header>
      <Notices />
      <Suspense fallback={null}>
        <LinkedFilesBanner />
      </Suspense>
      <Frame view={view} />
      <footer className="credits">
        Model: Janus &amp; Rzadca, “SLO-aware Colocation of Data Center Tasks Based on Instantaneous
        Processor Requirements”, ACM SoCC 2017. Data: see the Data view for each source's credit.
      </footer>
    </div>
  );
}
