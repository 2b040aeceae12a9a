/**
 * The user's files, read right before they replace the loaded data: every loader option the
 * command line has, a preview of the first rows as parsed with the unit guess and its warnings, and
 * the per-filter counts. The files at hand, the options and the preview live in the state
 * (state/common/sources/uploadPanel.ts): the panel dispatches, the controller previews, so changing an
 * option re-reads the files' first rows.
 */
import { useId, useRef } from 'react';
import { useFileDrop } from './useFileDrop.ts';
import {
  findFormat,
  formatEntries,
  RECIPES,
  UNITS,
  type FormatId,
  type Preview,
  type Unit,
} from '../engine/index.ts';
import { useExplorer } from '../state/common/store/store.ts';
import { useController } from './controllerContext.ts';
import { PreviewTable, RecipeList } from './UploadPreview.tsx';
import {
  FORM_DEFAULTS,
  formProblems,
  requestOf,
  toLoadRequest,
  type UploadOptions,
} from '../state/common/sources/uploadForm.ts';
import {
  chooseFiles,
  editUploadOptions,
  setUploadOptions,
  useUploadPanel,
  waitingLink,
  previewAtHand,
  uploadPanel,
} from '../state/common/sources/uploadPanel.ts';
import { formatCount } from '../present/format.ts';

const UNIT_TITLES: Record<Unit, string> = {
  percent: 'percent of a machine (/ 100 × Task size)',
  fraction: 'fractions of a machine',
  cores: 'cores (÷ cores per machine)',
  absolute: 'absolute, e.g. MHz (÷ capacity)',
};

/** Files at hand, their preview under the current options, and the button that loads them. */
export function UploadPanel() {
  const controller = useController();
  const linked = useExplorer((s) => s.params.upload);
  const link = useExplorer(waitingLink);
  const { files, options, preview, previewFor, fromLink } = useUploadPanel((s) => s);
  const usesLink = link !== null && fromLink === link;
  const input = useRef<HTMLInputElement>(null);

  const onFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    chooseFiles(Array.from(list), usesLink);
    // Reset the input so that choosing the same file again fires a change.
    if (input.current) input.current.value = '';
  };
  const drop = useFileDrop(onFiles);
  const load = async () => {
    const read = await previewAtHand();
    if (!read || read.error !== null) return;
    const { files, options, fromLink } = uploadPanel.getState();
    const keepLink = link !== null && fromLink === link;
    void controller.upload(files, keepLink ? undefined : toLoadRequest(requestOf(options)));
  };

  return (
    <section
      className={`dropzone${drop.dragging ? ' dragging' : ''}`}
      {...drop.handlers}
      aria-label="Load your own traces"
    >
      <p>
        Drop trace files here (with their metadata files: <code>vmtable.csv</code>,{' '}
        <code>container_meta.csv</code>, <code>task_events</code>, …), or{' '}
        <label className="file-label">
          choose files
          <input
            ref={input}
            type="file"
            multiple
            data-testid="upload"
            onChange={(e) => onFiles(e.target.files)}
          />
        </label>
        . They are read in this page; <code>.gz</code>, <code>.zip</code> and <code>.tar.gz</code>{' '}
        stream. Nothing replaces the loaded data until you press <em>Use these data</em>.
      </p>
      {linked && (
        <p className="hint">
          Linked files: {linked.names.join(', ')} ({linked.format}, SHA-256{' '}
          {linked.hash.slice(0, 12)}…)
        </p>
      )}
      <OptionsForm
        options={options}
        set={editUploadOptions}
        preview={preview}
        onConfirm={() => void load()}
        problemsShown={files.length === 0}
      />
      {files.length > 0 && (
        <AtHand
          files={files}
          preview={preview}
          reading={previewFor?.files !== files || previewFor.options !== options}
          onUse={() => void load()}
        />
      )}
      <RecipeList
        recipes={RECIPES}
        onPick={(r) =>
          setUploadOptions({
            ...FORM_DEFAULTS,
            format: r.format,
            unit: r.spec.unit ?? '',
          })
        }
      />
    </section>
  );
}

/** The files at hand, their preview, and Use (enabled only when the preview found no problem). */
function AtHand(props: {
  files: File[];
  preview: Preview | null;
  /** A preview under the current files and options is still being read. */
  reading: boolean;
  onUse: () => void;
}) {
  const { files, preview } = props;
  return (
    <div className="upload-preview" data-testid="upload-preview" aria-busy={props.reading}>
      <p>At hand: {files.map((f) => `${f.name} (${formatCount(f.size)} bytes)`).join(', ')}</p>
      {preview ? (
        <PreviewTable preview={preview} />
      ) : (
        <p className="hint">Reading the first rows…</p>
      )}
      <button
        type="button"
        className="primary"
        data-testid="use-files"
        disabled={!preview || preview.error !== null}
        title={preview?.error ? 'Fix what the preview says first' : undefined}
        onClick={props.onUse}
      >
        Use these data
      </button>
    </div>
  );
}

type SetOptions = (o: Partial<UploadOptions>) => void;

/** A text field and a checkbox bound to one option of the form. */
function fields(o: UploadOptions, set: SetOptions) {
  const wrong = new Set(formProblems(o).map((x) => x.key));
  const text = (key: keyof UploadOptions, label: string, placeholder: string, size = 8) => (
    <label>
      {label}{' '}
      <input
        value={o[key] as string}
        placeholder={placeholder}
        size={size}
        aria-invalid={wrong.has(key) || undefined}
        data-testid={`opt-${key}`}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </label>
  );
  const check = (key: keyof UploadOptions, label: string) => (
    <label>
      <input
        type="checkbox"
        checked={o[key] as boolean}
        data-testid={`opt-${key}`}
        onChange={(e) => set({ [key]: e.target.checked })}
      />{' '}
      {label}
    </label>
  );
  return { text, check };
}

/** Columns, labels, the .npy kind and the Google filters (folded: most files need none). */
function MoreOptions({ options: o, set }: { options: UploadOptions; set: SetOptions }) {
  const { text, check } = fields(o, set);
  return (
    <details>
      <summary>Columns, labels and filters</summary>
      <div className="upload-options">
        {text('idColumn', 'id column', 'e.g. vm_id')}
        {text('valueColumn', 'value column', 'e.g. cpu_pct')}
        {text('avgColumn', 'avg column', 'e.g. avg_cpu')}
        {text('scaleColumn', 'scale column (e.g. cores)', 'e.g. vcpus')}
        <label>
          .npy holds{' '}
          <select
            value={o.npyKind}
            onChange={(e) => set({ npyKind: e.target.value as UploadOptions['npyKind'] })}
          >
            <option value="">detected</option>
            <option value="samples">(N, T) samples</option>
            <option value="realizations">an (N, R) realization matrix</option>
          </select>
        </label>
        {text('timeColumns', 'time columns', 'e.g. 1', 3)}
        {text('timeColumn', 'time column (seconds)', 'e.g. timestamp_s')}
        {check('refuseDuplicates', 'refuse a repeated timestamp (else: the first kept, counted)')}
        {text('idLabel', 'Prometheus label naming a task', 'e.g. pod')}
        {text('minRecords', 'keep tasks with at least N records', '24', 3)}
        {check('dropAllZeroInst', 'drop tasks whose samples are all 0')}
        {check('replaceAvgAboveOne', 'replace avg above 1 by inst')}
        {check('dropFailed', 'drop failed/evicted/killed tasks (with task_events)')}
      </div>
    </details>
  );
}

function OptionsForm(props: {
  options: UploadOptions;
  set: (o: Partial<UploadOptions>) => void;
  preview: Preview | null;
  /** Enter in the cores field loads the files (drop, confirm, done). */
  onConfirm: () => void;
  /** Whether the boxes' problems are said here (with files at hand, their preview says them). */
  problemsShown: boolean;
}) {
  const { options: o, set, preview } = props;
  const ids = {
    format: useId(),
    unit: useId(),
    cores: useId(),
    capacity: useId(),
  };
  const { check } = fields(o, set);
  const format = preview?.spec?.format;
  const problems = formProblems(o);
  const bad = (key: keyof UploadOptions) => problems.some((x) => x.key === key) || undefined;
  return (
    <div className="upload-options">
      <label htmlFor={ids.format}>Format</label>
      <select
        id={ids.format}
        value={o.format}
        onChange={(e) => set({ format: e.target.value as 'auto' | FormatId })}
      >
        <option value="auto">
          detect from the file{format ? ` (${findFormat(format)?.title ?? format})` : ''}
        </option>
        {formatEntries().map((f) => (
          <option key={f.id} value={f.id}>
            {f.title}
          </option>
        ))}
      </select>
      <label htmlFor={ids.unit}>Values are</label>
      <select
        id={ids.unit}
        data-testid="opt-unit"
        value={o.unit}
        onChange={(e) => set({ unit: e.target.value as '' | Unit })}
      >
        <option value="">the format’s own unit</option>
        {UNITS.map((u) => (
          <option key={u} value={u}>
            {UNIT_TITLES[u]}
            {preview?.unitGuess?.unit === u ? ' — detected' : ''}
          </option>
        ))}
      </select>
      <label>
        Task size{' '}
        <input
          value={o.taskSize}
          data-testid="opt-taskSize"
          aria-invalid={bad('taskSize')}
          placeholder="1 = a whole machine"
          size={14}
          onChange={(e) => set({ taskSize: e.target.value })}
        />
      </label>
      <label htmlFor={ids.cores}>cores per machine</label>
      <input
        id={ids.cores}
        data-testid="opt-coresPerMachine"
        aria-invalid={bad('coresPerMachine')}
        value={o.coresPerMachine}
        placeholder="e.g. 16"
        size={5}
        onChange={(e) => set({ coresPerMachine: e.target.value })}
        onKeyDown={(e) => e.key === 'Enter' && props.onConfirm()}
      />
      <label htmlFor={ids.capacity}>capacity</label>
      <input
        id={ids.capacity}
        data-testid="opt-capacity"
        aria-invalid={bad('capacity')}
        value={o.capacity}
        placeholder="e.g. MHz"
        size={7}
        onChange={(e) => set({ capacity: e.target.value })}
      />
      {check('clamp', 'clamp values above a machine')}
      {check('skipBadLines', 'skip bad lines (and count them)')}
      <MoreOptions options={o} set={set} />
      {props.problemsShown && problems.length > 0 && (
        <p className="notice notice-error lines" role="alert" data-testid="form-problems">
          {problems.map((x) => x.message).join('\n')}
        </p>
      )}
    </div>
  );
}
