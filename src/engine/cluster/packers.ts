/** The Cluster wing's packers and opening policies by name, apart from the packer: the first page's links read them. */
export const MULTI_PACKERS = ['ff', 'bf', 'ffd', 'bfd'] as const;
export type MultiPacker = (typeof MULTI_PACKERS)[number];
export type OpenPolicy = 'order' | 'energy';
