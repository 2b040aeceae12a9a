/** The replay's number parameters, shared by the command line and the page. */
import { numberRange } from '../ranges.ts';

export const START_NODES = numberRange('nodes', 'nodes', { min: 0, integer: true, flag: 'nodes' });
