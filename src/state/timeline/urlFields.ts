/** The Timeline view's rows of the URL codec's table (see urlFields.ts). */
import { flatRows } from '../common/link/paramRows.ts';
import type { UrlField } from '../common/link/urlField.ts';
import { TIMELINE_PARAMS } from './params.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/** The uploaded task list: its name and SHA-256, both or none. */
const timelineUploadField: UrlField = {
  keys: ['tfile', 'th'],
  field: 'timelineUpload',
  write(p, q) {
    if (!p.timelineUpload) return;
    q.set('tfile', p.timelineUpload.name);
    q.set('th', p.timelineUpload.hash);
  },
  read(q, notices) {
    if (!q.has('tfile') && !q.has('th')) return null;
    const name = q.get('tfile') ?? '';
    const hash = q.get('th') ?? '';
    if (name !== '' && SHA256.test(hash)) return { name, hash };
    notices.push(
      'Ignored the task-list part of the link: it needs a file name and a SHA-256 hash.',
    );
    return null;
  },
};

export const TIMELINE_URL_FIELDS: readonly UrlField[] = [
  ...flatRows(TIMELINE_PARAMS, 'timeline'),
  timelineUploadField,
];
