/**
 * What tasks are grouped into classes by (docs/model.md §14): their usage, or their requests. A file
 * of its own so that the Cluster view's parameters, on the first page, do not bring the classing.
 */
export const CLASS_FEATURES = ['usage', 'requests'] as const;
export type ClassFeatures = (typeof CLASS_FEATURES)[number];
