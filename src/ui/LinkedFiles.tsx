/**
 * A link to the user's own files, opened where the files are not at hand: in every view, a banner
 * that names them and takes them (dropped or chosen), read with the link's own loader options and
 * checked against its SHA-256 first.
 */
import { useFileDrop } from './useFileDrop.ts';
import type { UploadRef } from '../state/common/store/params.ts';
import { useExplorer } from '../state/common/store/store.ts';
import { useController } from './controllerContext.ts';
import {
  cancelPrometheus,
  readPrometheus,
  usePromPanel,
  WAITING_FOR_SOURCE,
} from '../state/common/sources/prometheus.ts';
import { explorer } from '../state/common/store/store.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { TokenInput } from './TokenInput.tsx';

/** The dataset step's state while a link waits for its files (state/common/controller/steps/dataset.ts). */
export const WAITING_FOR_FILES = 'waiting for the linked files';

/** The link's options in words, e.g. "columns, unit cores, 16 cores per machine, task size 1". */
export function describeLinkOptions(link: UploadRef, scale: number): string {
  const o = link.options;
  if (!o) return `${link.format}; made before links carried the loader options, so none is checked`;
  const parts = [link.format];
  if (o.unit) parts.push(`unit ${o.unit}`);
  const cores = o.coresPerMachine ?? (o.unit === 'cores' ? o.capacity : undefined);
  if (cores !== undefined) parts.push(`${cores} cores per machine`);
  if (o.capacity !== undefined && o.unit !== 'cores') parts.push(`capacity ${o.capacity}`);
  parts.push(`task size ${scale}`);
  return parts.join(', ');
}

/**
 * A link to a live Prometheus source, in any view: the source is read again as the page opens;
 * when the server refuses (a token is needed, it is down), the reason and a token field with Read.
 */
function LinkedSourceBanner() {
  const controller = useController();
  const prom = useExplorer((s) => s.params.prom);
  const scale = useExplorer((s) => s.params.scale);
  const { fields, set, status, progress, error } = usePromPanel();
  if (!prom) return null;
  const read = () =>
    void readPrometheus(
      {
        readSource: controller.readSource,
        setParams: explorer.getState().setParams,
        params: () => explorer.getState().params,
      },
      { source: prom, scale },
    );
  return (
    <section
      className="linked-files"
      data-testid="linked-source"
      aria-label="The source this link reads"
    >
      <p>
        This link reads the Prometheus server <strong>{prom.url}</strong> (query{' '}
        <code>{prom.query}</code> from {new Date(prom.start * 1000).toISOString()} to{' '}
        {new Date(prom.end * 1000).toISOString()}, every {prom.step} s). A link never carries a
        token: if the server wants one, give it here.
      </p>
      {status === 'running' && (
        <ProgressBar
          label={progress ? `Read chunk ${progress.done} of ${progress.of}` : 'Asking the server…'}
          done={progress?.done ?? null}
          total={progress?.of ?? null}
          onCancel={cancelPrometheus}
        />
      )}
      {status !== 'running' && error && (
        <p className="error-text" data-testid="linked-source-error">
          {error}
        </p>
      )}
      {status !== 'running' && (
        <p>
          <label>
            bearer token{' '}
            <TokenInput
              testId="linked-source-token"
              token={fields.token}
              set={(token) => set({ token })}
              onEnter={read}
            />
          </label>{' '}
          <button type="button" data-testid="linked-source-read" onClick={read}>
            Read
          </button>
        </p>
      )}
    </section>
  );
}

/** The banner of a link whose files are not at hand, as a drop target, in any view. */
export function LinkedFilesBanner() {
  const controller = useController();
  const link = useExplorer((s) => s.params.upload);
  const scale = useExplorer((s) => s.params.scale);
  const waiting = useExplorer(
    (s) => s.data.status === 'error' && s.data.error === WAITING_FOR_FILES,
  );
  const readingSource = useExplorer(
    (s) => s.data.status === 'error' && s.data.error === WAITING_FOR_SOURCE,
  );
  const take = (list: FileList | null) => {
    if (list && list.length > 0) void controller.upload(Array.from(list));
  };
  const drop = useFileDrop(take);
  if (readingSource) return <LinkedSourceBanner />;
  if (!link || !waiting) return null;
  return (
    <section
      className={`linked-files dropzone${drop.dragging ? ' dragging' : ''}`}
      data-testid="linked-files"
      aria-label="The files this link uses"
      {...drop.handlers}
    >
      <p>
        This link uses your files <strong>{link.names.join(', ')}</strong> (SHA-256{' '}
        {link.hash.slice(0, 12)}…), read as {describeLinkOptions(link, scale)}. They are not here:
        drop them on this box or{' '}
        <label className="file-label">
          choose them
          <input
            type="file"
            multiple
            data-testid="linked-files-input"
            onChange={(e) => take(e.target.files)}
          />
        </label>
        . They are read in this page with the link’s options, after their SHA-256 is checked.
      </p>
    </section>
  );
}
