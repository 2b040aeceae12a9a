/**
 * The Cluster wing's number parameters, each declared once with the page's name and the command
 * line's flag: the Cluster view's boxes and links and `cluster`'s options accept the same values.
 */
import { numberRange } from '../ranges.ts';

/** Realizations R per task of the Cluster view and `cluster --realizations` (SPEC §14). */
export const CLUSTER_REALIZATIONS = numberRange('cluster realizations', 'cluster realizations', {
  min: 10,
  max: 20_000,
  integer: true,
  flag: 'realizations',
});
/** Classes k of the k-means panel and `cluster --classes`. */
export const CLASS_COUNT = numberRange('class count', 'class count', {
  min: 1,
  max: 40,
  integer: true,
  flag: 'classes',
});
/** Provisioning periods of the panel and `cluster --provision`. */
export const PERIOD_COUNT = numberRange('period count', 'period count', {
  min: 1,
  max: 96,
  integer: true,
  flag: 'provision',
});
/** The provisioning's target mean wait d, in periods (`cluster --delay`). */
export const TARGET_DELAY = numberRange('target delay', 'd', {
  min: 0,
  minOpen: true,
  max: 10,
  flag: 'delay',
});
/** The elbow's largest k: each k is one k-means run over every task. */
export const MAX_ELBOW_K = 100;

/** `cluster --kmax`: the elbow's k from 1 to this. */
export const ELBOW_K_MAX = numberRange('kmax', 'kmax', {
  min: 1,
  max: MAX_ELBOW_K,
  integer: true,
  flag: 'kmax',
});
/** `cluster --starts`: k-means++ starts per k, the best kept. */
export const KMEANS_START_COUNT = numberRange('starts', 'starts', {
  min: 1,
  integer: true,
  flag: 'starts',
});
/** `cluster --cv2`: the squared coefficient of variation of the service time (Allen–Cunneen). */
export const SERVICE_CV2 = numberRange('cv2', 'CV²', { min: 0, flag: 'cv2' });
