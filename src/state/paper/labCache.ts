import { LabCache } from '../../runtime/lab/labCache.ts';

/** Results of every figure of this page, kept while the page lives. */
export const LAB_CACHE = new LabCache();
