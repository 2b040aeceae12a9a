import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { encode } from '../state/common/url.ts';
import { SHOW_LENGTH_CHARS, linkTo, loadLinkCodec } from '../state/common/linkAddress.ts';
import { useExplorer } from '../state/common/store.ts';
import { VIEWS, type ViewId } from '../state/common/params.ts';
import { PackView } from './pack/PackView.tsx';
import { GROUP_TITLE, ParamsPanel, shownGroups } from './ParamsPanel.tsx';
import { panelOf } from '../state/common/wings.ts';
import { NARROW, useMediaQuery } from './useMediaQuery.ts';
import { Notices, RuntimeBadge } from './StatusLine.tsx';
import { ViewBoundary } from './ViewBoundary.tsx';
import { formatCount } from '../present/format.ts';

// Every view but Pack is loaded when first opened: the first page carries only Pack (its plots, and
// Plot's code, arrive a moment after its numbers).
const TradeoffView = lazy(() =>
  import('./tradeoff/TradeoffView.tsx').then((m) => ({ default: m.TradeoffView })),
);
const DataView = lazy(() => import('./DataView.tsx').then((m) => ({ default: m.DataView })));
const LinkedFilesBanner = lazy(() =>
  import('./LinkedFiles.tsx').then((m) => ({ default: m.LinkedFilesBanner })),
);
const LearnView = lazy(() =>
  import('./learn/LearnView.tsx').then((m) => ({ default: m.LearnView })),
);
const TuneView = lazy(() => import('./tune/TuneView.tsx').then((m) => ({ default: m.TuneView })));
const PaperView = lazy(() =>
  import('./paper/PaperView.tsx').then((m) => ({ default: m.PaperView })),
);
const ResizeView = lazy(() =>
  import('./resize/ResizeView.tsx').then((m) => ({ default: m.ResizeView })),
);
const TimelineView = lazy(() =>
  import('./timeline/TimelineView.tsx').then((m) => ({ default: m.TimelineView })),
);
const ModelView = lazy(() => import('./ModelView.tsx').then((m) => ({ default: m.ModelView })));
const ClusterView = lazy(() =>
  import('./cluster/ClusterView.tsx').then((m) => ({ default: m.ClusterView })),
);
const SchedulersView = lazy(() =>
  import('./schedulers/SchedulersView.tsx').then((m) => ({ default: m.SchedulersView })),
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

const VIEW_LABEL: Record<ViewId, string> = {
  pack: 'Pack',
  tradeoff: 'Trade-off',
  data: 'Data',
  learn: 'Learn',
  tune: 'Tune',
  paper: 'Paper lab',
  resize: 'Resize',
  timeline: 'Timeline',
  cluster: 'Cluster',
  schedulers: 'Schedulers',
  model: 'Model',
};

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

/**
 * A view with the shared parameters it declares (wings.ts) in a side panel. On a narrow screen the
 * view comes first, its headline numbers on the first screen, and the parameters fold below it.
 */
/** The views beside no side panel, in a main column of their own (and its class). */
const WHOLE_WIDTH: Partial<Record<ViewId, { View: ComponentType; className: string }>> = {
  learn: { View: LearnView, className: 'content learn-content' },
  model: { View: ModelView, className: 'content' },
  cluster: { View: ClusterView, className: 'content' },
  schedulers: { View: SchedulersView, className: 'content' },
};

function WholeWidth({ view }: { view: ViewId }) {
  const { View, className } = WHOLE_WIDTH[view]!;
  return (
    <main className={className} data-testid={`view-${view}`}>
      <ViewBoundary view={view}>
        <Loading>
          <View />
        </Loading>
      </ViewBoundary>
    </main>
  );
}

function PanelLayout({ view }: { view: ViewId }) {
  const params = useExplorer((s) => s.params);
  const shows = panelOf(view, params);
  const narrow = useMediaQuery(NARROW);
  const main = (
    <main key="main" className="content" data-testid={`view-${view}`}>
      <ViewBoundary view={view}>
        {view === 'pack' && <PackView />}
        <Loading>
          {view === 'tradeoff' && <TradeoffView />}
          {view === 'data' && <DataView />}
          {view === 'tune' && <TuneView />}
          {view === 'paper' && <PaperView />}
          {view === 'timeline' && <TimelineView />}
        </Loading>
      </ViewBoundary>
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

export function App() {
  const view = useExplorer((s) => s.params.view);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <div className="app">
      <header className="top">
        <h1 title="slopack: SLO-aware stochastic bin packing">
          slopack <small>SLO-aware stochastic bin packing</small>
        </h1>
        {/* A step means something only in the view that set it (a lesson's, Pack's decision):
            the view opened from here starts at its own beginning. */}
        <nav aria-label="Views">
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className={v === view ? 'active' : ''}
              aria-current={v === view ? 'page' : undefined}
              onClick={() => v !== view && setParams({ view: v, step: 0 })}
            >
              {VIEW_LABEL[v]}
            </button>
          ))}
        </nav>
        <RuntimeBadge />
        <ShareButton />
      </header>
      <Notices />
      <Suspense fallback={null}>
        <LinkedFilesBanner />
      </Suspense>
      {WHOLE_WIDTH[view] ? (
        <WholeWidth view={view} />
      ) : view === 'resize' ? (
        <ViewBoundary view="resize">
          <Loading>
            <ResizeView />
          </Loading>
        </ViewBoundary>
      ) : (
        <PanelLayout view={view} />
      )}
      <footer className="credits">
        Model: Janus &amp; Rzadca, “SLO-aware Colocation of Data Center Tasks Based on Instantaneous
        Processor Requirements”, ACM SoCC 2017. Data: see the Data view for each source's credit.
      </footer>
    </div>
  );
}
