import { useState } from 'react';
import { encode } from '../state/url.ts';
import { SHOW_LENGTH_CHARS, linkTo } from '../state/linkAddress.ts';
import { useExplorer } from '../state/store.ts';
import { VIEWS, type ViewId } from '../state/params.ts';
import { DataView } from './DataView.tsx';
import { LearnView } from './learn/LearnView.tsx';
import { PackView } from './PackView.tsx';
import { ParamsPanel } from './ParamsPanel.tsx';
import { TradeoffView } from './TradeoffView.tsx';
import { TuneView } from './tune/TuneView.tsx';
import { PaperView } from './paper/PaperView.tsx';
import { ResizeView } from './resize/ResizeView.tsx';
import { TimelineView } from './timeline/TimelineView.tsx';
import { ClusterView } from './cluster/ClusterView.tsx';
import { Notices, RuntimeBadge } from './StatusLine.tsx';
import { ViewBoundary } from './ViewBoundary.tsx';

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
};

function ShareButton() {
  const params = useExplorer((s) => s.params);
  const [copied, setCopied] = useState<string | null>(null);
  const share = async () => {
    const url = linkTo(encode(params));
    history.replaceState(null, '', url);
    const length =
      url.length > SHOW_LENGTH_CHARS ? ` (${url.length.toLocaleString('en')} characters)` : '';
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
            <LearnView />
          </ViewBoundary>
        </main>
      ) : view === 'resize' ? (
        <ViewBoundary view="resize">
          <ResizeView />
        </ViewBoundary>
      ) : view === 'cluster' ? (
        <main className="content" data-testid="view-cluster">
          <ViewBoundary view="cluster">
            <ClusterView />
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
              {view === 'tune' && <TuneView />}
              {view === 'paper' && <PaperView />}
              {view === 'timeline' && <TimelineView />}
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
