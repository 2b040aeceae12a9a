import { pinnedOf } from '../../../state/common/store/params.ts';
import { useExplorer } from '../../../state/common/store/store.ts';

/** Pins the current packing as side A, or unpins it. */
export function PinButton() {
  const pinned = useExplorer((s) => s.params.pinned);
  const navigate = useExplorer((s) => s.navigate);
  const params = useExplorer((s) => s.params);
  return pinned ? (
    <button type="button" data-testid="unpin" onClick={() => navigate({ pinned: null })}>
      Unpin A
    </button>
  ) : (
    <button
      type="button"
      data-testid="pin"
      title="Keep this packing as side A; change anything, and Pack compares the two"
      onClick={() => navigate({ pinned: pinnedOf(params) })}
    >
      Pin as A (compare)
    </button>
  );
}
