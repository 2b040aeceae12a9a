/** Parsing throughput inside the browser (run by bench/browser.ts in headless Chromium). */
import {
  SOURCE_URLS,
  runParse,
  runStreamed,
  type ParseCase,
  type ParseSources,
} from './parseCore.ts';
import { runTraceParseAsync, type TraceSources } from './parseTraces.ts';

/** The page's main-thread CPU milliseconds, exposed by bench/browser.ts. */
const threadTimeMs = () =>
  (globalThis as unknown as { __benchThreadTimeMs: () => Promise<number> }).__benchThreadTimeMs();

export async function run(arg: {
  targetBytes: number;
  repeats: number;
  traces: TraceSources;
}): Promise<ParseCase[]> {
  const entries = await Promise.all(
    Object.entries(SOURCE_URLS).map(async ([key, url]) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return [key, await res.text()] as const;
    }),
  );
  const src = Object.fromEntries(entries) as unknown as ParseSources;
  return [
    ...runParse(src, arg.targetBytes, arg.repeats),
    await runStreamed(src, arg.targetBytes, arg.repeats),
    ...(await runTraceParseAsync(arg.traces, arg.targetBytes, arg.repeats, threadTimeMs)),
  ];
}
