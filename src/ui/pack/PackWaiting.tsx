/**
 * What Pack shows before its first result: what is being done for which parameters (loading the
 * data, realizing R columns, packing N tasks) with progress and Cancel; after Cancel, Run again;
 * a link waiting for the user's files says so: dropped anywhere, or chosen in the Data view.
 */
import { PACKER_LABEL } from '../../engine/index.ts';
import { packKey } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { useController } from '../controllerContext.ts';
import { ProgressBar } from '../ProgressBar.tsx';
import { formatCount } from '../../present/format.ts';

const WAITING_FOR_FILES = 'waiting for the linked files';

export function PackWaiting() {
  const params = useExplorer((s) => s.params);
  const data = useExplorer((s) => s.data);
  const pool = useExplorer((s) => s.pool);
  const pack = useExplorer((s) => s.pack);
  const navigate = useExplorer((s) => s.navigate);
  const controller = useController();
  const tasks = formatCount(params.tasks);
  const r = formatCount(params.realizations);
  const cancel = () => controller.cancelPack();

  if (params.upload && data.error === WAITING_FOR_FILES)
    return (
      <div className="view-empty" data-testid="pack-empty" role="status">
        <p>
          This link packs your files {params.upload.names.join(', ')}: drop them on this page (any
          view) or choose them in the Data view to reproduce it (their SHA-256 is checked first).
        </p>
        <button type="button" onClick={() => navigate({ view: 'data' })}>
          Open the Data view
        </button>
      </div>
    );
  const cancelled =
    (data.status === 'error' && data.error === 'loading cancelled') ||
    (pool.status === 'error' && pool.error === 'cancelled') ||
    pack.cancelled === packKey(params);
  if (cancelled)
    return (
      <div className="view-empty" data-testid="pack-empty" role="status">
        <p>
          Cancelled: packing {tasks} tasks of {data.dataset?.title ?? params.dataset} with R = {r}.
        </p>
        <button type="button" data-testid="run-again" onClick={() => controller.retry()}>
          Run again
        </button>
      </div>
    );
  if (pack.status === 'error')
    return (
      <div className="view-empty" data-testid="pack-empty" role="alert">
        Packing failed: {pack.error}
      </div>
    );
  let body;
  if (data.status === 'running')
    body = (
      <ProgressBar
        label={`Loading ${params.dataset}`}
        done={data.progress?.bytesRead ?? null}
        total={data.progress?.size ?? null}
        onCancel={() => controller.cancelLoad()}
      />
    );
  else if (pool.status === 'running')
    body = (
      <ProgressBar
        label={`Realizing R = ${r} columns per task`}
        done={pool.progress?.done ?? null}
        total={pool.progress?.total ?? null}
        onCancel={cancel}
      />
    );
  else
    body = (
      <ProgressBar
        label={`Packing ${tasks} tasks (${PACKER_LABEL[params.packer]}, R = ${r})`}
        done={null}
        total={null}
        onCancel={pack.status === 'running' ? cancel : undefined}
      />
    );
  return (
    <div className="view-empty" data-testid="pack-empty">
      {body}
    </div>
  );
}
