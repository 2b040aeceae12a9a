/** Tables as CSV text for the browser's downloads and the command line: the engine's one writer. */
export { toCsv, csvText, csvCell } from '../engine/csvText.ts';
