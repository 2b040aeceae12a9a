import { Suspense, lazy, useState, type ReactNode } from 'react';
import { encode } from '../state/common/url.ts';
import { SHOW_LENGTH_CHARS, linkTo } from '../state/common/linkAddress.ts';
import { useExplorer } from '../state/common/store.ts';
import { VIEWS, type ViewId } from '../state/common/params.ts';
import { DataView } from './DataView.tsx';
import { PackView } from './PackView.tsx';
import { ParamsPanel } from './ParamsPanel.tsx';
import { TradeoffView } from './TradeoffView.tsx';
import { Notices, RuntimeBadge } from './StatusLine.tsx';
import { ViewBoundary } from './ViewBoundary.tsx';
import { formatCount } from '../present/format.ts';

// The wings and the lessons are loaded when first opened: the first page carries only Pack,
// Trade-off and Data.
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
  model: 'Model',
};

function ShareButton() {
  const params = useExplorer((s) => s.params);
  const [copied, setCopied] = useState<string | null>(null);
  const share = async () => {
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

export function App() {
  const view = useExplorer((s) => s.params.view);
  const setParams = useExplorer((s) => s.setParams);
  return (
    <div className="app">
      <header className="top">
        <h1>
          slopack <small>SLO-aware stochastic bin packing</small>
        </h1>
        <nav aria-label="Views">
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className={v === view ? 'active' : ''}
              aria-current={v === view ? 'page' : undefined}
              onClick={() => setParams({ view: v })}
            >
              {VIEW_LABEL[v]}
            </button>
          ))}
        </nav>
        <RuntimeBadge />
        <ShareButton />
      </header>
      <Notices />
      {view === 'learn' ? (
        <main className="content learn-content" data-testid="view-learn">
          <ViewBoundary view="learn">
            <Loading>
              <LearnView />
            </Loading>
          </ViewBoundary>
        </main>
      ) : view === 'resize' ? (
        <ViewBoundary view="resize">
          <Loading>
            <ResizeView />
          </Loading>
        </ViewBoundary>
      ) : view === 'model' ? (
        <main className="content" data-testid="view-model">
          <ViewBoundary view="model">
            <Loading>
              <ModelView />
            </Loading>
          </ViewBoundary>
        </main>
      ) : view === 'cluster' ? (
        <main className="content" data-testid="view-cluster">
          <ViewBoundary view="cluster">
            <Loading>
              <ClusterView />
            </Loading>
          </ViewBoundary>
        </main>
      ) : (
        <div className="layout">
          <ParamsPanel />
          <main className="content" data-testid={`view-${view}`}>
            <ViewBoundary view={view}>
              {view === 'pack' && <PackView />}
              {view === 'tradeoff' && <TradeoffView />}
              {view === 'data' && <DataView />}
              <Loading>
                {view === 'tune' && <TuneView />}
                {view === 'paper' && <PaperView />}
                {view === 'timeline' && <TimelineView />}
              </Loading>
            </ViewBoundary>
          </main>
        </div>
      )}
      <footer className="credits">
        Model: Janus &amp; Rzadca, “SLO-aware Colocation of Data Center Tasks Based on Instantaneous
        Processor Requirements”, ACM SoCC 2017. Data: see the Data view for each source's credit.
      </footer>
    </div>
  );
}
