/** The link's rows every view shares: the workload (dataset, files, sizes). */
import { flatRows } from './paramRows.ts';
import { WORKLOAD_PARAMS } from '../store/params.ts';
import type { UrlField } from './urlField.ts';
import { OPTION_KEYS, readOptions, writeOptions } from '../sources/uploadOptions.ts';
import { uploadIsSource } from '../sources/promUrlFields.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The user's files: names, their SHA-256 and the loader format, all three or none, and every other
 * loader option with the check over files and options (uploadOptions.ts). Data read from a live
 * Prometheus are left out: the link carries the source instead (promUrlFields.ts).
 */
const uploadField: UrlField = {
  keys: ['files', 'h', 'fmt', ...OPTION_KEYS],
  field: 'upload',
  write(p, q) {
    if (!p.upload || uploadIsSource(p.upload, p.prom)) return;
    q.set('files', p.upload.names.join('|'));
    q.set('h', p.upload.hash);
    q.set('fmt', p.upload.format);
    if (p.upload.options) writeOptions(p.upload.hash, p.upload.format, p.upload.options, q);
  },
  read(q, notices) {
    if (!q.has('h') && !q.has('files')) return null;
    const names = (q.get('files') ?? '').split('|').filter((s) => s.length > 0);
    const hash = q.get('h') ?? '';
    if (names.length === 0 || !SHA256.test(hash)) {
      notices.push(
        'Ignored the uploaded-files part of the link: it needs file names and a SHA-256 hash.',
      );
      return null;
    }
    const format = q.get('fmt') ?? 'auto';
    const read = readOptions(hash, format, q);
    if ('problem' in read) {
      notices.push(`Ignored the uploaded-files part of the link: ${read.problem}.`);
      return null;
    }
    return { names, hash, format, options: read.options };
  },
};

/** The workload: every view's numbers depend on it (the files right after the dataset). */
export const WORKLOAD_URL_FIELDS: readonly UrlField[] = (() => {
  const [dataset, ...sizes] = flatRows(WORKLOAD_PARAMS, 'always');
  return [dataset, uploadField, ...sizes];
})();
