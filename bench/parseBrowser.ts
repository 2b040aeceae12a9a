/** Parsing throughput inside the browser (run by bench/browser.ts in headless Chromium). */
import { SOURCE_URLS, runParse, type ParseCase, type ParseSources } from './parseCore.ts';

export async function run(arg: { targetBytes: number; repeats: number }): Promise<ParseCase[]> {
  const entries = await Promise.all(
    Object.entries(SOURCE_URLS).map(async ([key, url]) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return [key, await res.text()] as const;
    }),
  );
  return runParse(
    Object.fromEntries(entries) as unknown as ParseSources,
    arg.targetBytes,
    arg.repeats,
  );
}
