/** The page's number formats live in present (one formatter for tables, axes and text). */
export {
  formatCount,
  formatFixed,
  formatNumber,
  formatPercent,
  formatQ,
  formatSigned,
  formatTerm,
} from '../present/format.ts';
