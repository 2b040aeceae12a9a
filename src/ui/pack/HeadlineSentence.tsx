/**
 * The sentence under Pack's headline (present/pack/headlineSentence.ts): what the fit test
 * promised, what it gets on the loaded data and why. Loaded with the headline's q, after the first
 * page.
 */
import type { PackResult } from '../../engine/index.ts';
import { fitFamily, gaussianRho, presetById } from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { headlineSentence } from '../../present/pack/headlineSentence.ts';
import { useShownQ } from './HeadlineQ.tsx';

export function HeadlineSentence({ result, rows }: { result: PackResult; rows: Int32Array }) {
  const shown = useShownQ(result, rows);
  const packed = useExplorer((s) => s.pack.params ?? s.params);
  const machines = result.machines.length;
  const independent = shown.independent ?? { q: shown.q, columns: shown.columns };
  const text = headlineSentence({
    dataset: packed.upload ? 'your data' : (presetById(packed.dataset)?.title ?? packed.dataset),
    test: fitFamily(packed.fit).family.split(' ')[0],
    rho: 'rho' in packed.fit ? packed.fit.rho : null,
    gaussian: gaussianRho(packed.fit) !== null,
    independent: { q: independent.q, samples: machines * independent.columns },
    inTime: shown.method === 'aligned' || shown.method === 'blocks',
    replayed: shown.independent ? { q: shown.q, samples: machines * shown.columns } : null,
  });
  return (
    <p className="headline-sentence" data-testid="headline-sentence">
      {text}
    </p>
  );
}
