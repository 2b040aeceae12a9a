import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startController } from './state/controller.ts';
import { explorer } from './state/store.ts';
import { decode } from './state/url.ts';
import { createRunner } from './runtime/poolRunner.ts';
import { setLpWasmUrl } from './runtime/lp.ts';
import highsWasm from 'highs/runtime?url';
import { App } from './ui/App.tsx';
import { ControllerContext } from './ui/controllerContext.ts';
import './ui/styles.css';

// The inline runner (no workers) solves LPs on this thread.
setLpWasmUrl(highsWasm);
const { params, notices } = decode(location.search);
explorer.setState({ params });
for (const text of notices) explorer.getState().notify('warning', text);
const controller = startController(explorer, createRunner());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ControllerContext.Provider value={controller}>
      <App />
    </ControllerContext.Provider>
  </StrictMode>,
);
