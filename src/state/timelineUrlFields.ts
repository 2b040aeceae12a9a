/** The Timeline view's rows of the URL codec's table (see urlFields.ts). */
import { TIMELINE_SLO, parseSlo } from '../engine/index.ts';
import { ORDERS, POLICIES, type Policy, type TaskOrder } from '../engine/timeline/index.ts';
import {
  DEFAULT_TIMELINE_PARAMS,
  TIMELINE_SOURCES,
  formatTimelineFit,
  type TimelineSource,
} from './timelineParams.ts';
import { int, navigation, nullable, num, oneOf, urlField, type UrlField } from './urlField.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/** The fit test (`size` or `gpa:ρ`), its own row: the shared rows describe pack fit tests only. */
const timelineFitField: UrlField = {
  keys: ['tfit'],
  field: 'timelineFit',
  write(p, q) {
    if (p.view === 'timeline' || p.timelineFit.kind !== 'size')
      q.set('tfit', formatTimelineFit(p.timelineFit));
  },
  read(q, notices) {
    const raw = q.get('tfit');
    if (raw === null) return DEFAULT_TIMELINE_PARAMS.timelineFit;
    try {
      return parseSlo(raw, TIMELINE_SLO);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      notices.push(`Ignored tfit=${JSON.stringify(raw)}: ${e.message}; using size.`);
      return DEFAULT_TIMELINE_PARAMS.timelineFit;
    }
  },
};

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
  urlField(
    'tsrc',
    'timelineSource',
    oneOf<TimelineSource>('timelineSource', TIMELINE_SOURCES),
    'timeline',
  ),
  urlField('tn', 'timelineTasks', int('timelineTasks', 1, 2_000_000), 'timeline'),
  urlField('tdays', 'timelineDays', int('timelineDays', 1, 30), 'timeline'),
  urlField('tpol', 'timelinePolicy', oneOf<Policy>('timelinePolicy', POLICIES), 'timeline'),
  urlField('tord', 'timelineOrder', oneOf<TaskOrder>('timelineOrder', ORDERS), 'timeline'),
  urlField(
    'tw',
    'timelineWindow',
    num('timelineWindow', (v) => v >= 0 && v <= 86_400),
    'timeline',
  ),
  timelineFitField,
  urlField(
    'terr',
    'timelineError',
    num('timelineError', (v) => v >= 0 && v <= 10),
    'timeline',
  ),
  urlField(
    'tc',
    'timelineCapacity',
    num('timelineCapacity', (v) => v > 0 && v <= 1000),
    'timeline',
  ),
  urlField('tseed', 'timelineSeed', int('timelineSeed', 0, 2 ** 31 - 1), 'timeline'),
  urlField('tt', 'timelineTime', nullable(num('timelineTime', (v) => v >= 0)), 'changed'),
  navigation(
    urlField('tmach', 'timelineMachine', nullable(int('timelineMachine', 0, 1e7)), 'changed'),
  ),
  timelineUploadField,
];
