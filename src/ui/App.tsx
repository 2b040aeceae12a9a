export function App() {
  return (
    <main>
      <h1>slopack</h1>
      <p>SLO-aware stochastic bin packing explorer.</p>
      <p data-testid="isolation">
        {crossOriginIsolated ? 'cross-origin isolated' : 'not isolated'}
      </p>
    </main>
  );
}
