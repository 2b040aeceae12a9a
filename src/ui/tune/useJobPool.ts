/** The runner and the realized pool of the current parameters, once ready (null before). */
import { useMemo } from 'react';
import { poolKey } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import type { JobPool } from '../../state/tune/runs.ts';
import { useController } from '../controllerContext.ts';

export type { JobPool };

export function useJobPool(): JobPool | null {
  const { runner } = useController();
  const handle = useExplorer((s) => s.pool.handle);
  const ready = useExplorer((s) => s.pool.status === 'ready' && s.pool.key === poolKey(s.params));
  const key = useExplorer((s) => s.pool.key);
  return useMemo(
    () => (ready && handle && key !== null ? { runner, pool: handle, key } : null),
    [ready, handle, key, runner],
  );
}
