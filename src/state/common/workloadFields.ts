/** The link's rows every view shares: the open view and the workload (dataset, files, sizes). */
import { flatRows } from './paramRows.ts';
import { VIEWS, WORKLOAD_PARAMS, type ViewId } from './params.ts';
import { navigation, oneOf, urlField, type UrlField } from './urlField.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/** The user's files: names, their SHA-256 and the loader format, all three or none. */
const uploadField: UrlField = {
  keys: ['files', 'h', 'fmt'],
  field: 'upload',
  write(p, q) {
    if (!p.upload) return;
    q.set('files', p.upload.names.join('|'));
    q.set('h', p.upload.hash);
    q.set('fmt', p.upload.format);
  },
  read(q, notices) {
    if (!q.has('h') && !q.has('files')) return null;
    const names = (q.get('files') ?? '').split('|').filter((s) => s.length > 0);
    const hash = q.get('h') ?? '';
    if (names.length > 0 && SHA256.test(hash))
      return { names, hash, format: q.get('fmt') ?? 'auto' };
    notices.push(
      'Ignored the uploaded-files part of the link: it needs file names and a SHA-256 hash.',
    );
    return null;
  },
};

export const VIEW_URL_FIELDS: readonly UrlField[] = [
  navigation(urlField('view', 'view', oneOf<ViewId>('view', VIEWS))),
];

/** The workload: every view's numbers depend on it (the files right after the dataset). */
export const WORKLOAD_URL_FIELDS: readonly UrlField[] = (() => {
  const [dataset, ...sizes] = flatRows(WORKLOAD_PARAMS, 'always');
  return [dataset, uploadField, ...sizes];
})();
