/** The paper lab's rows of the URL codec's table (see urlFields.ts). */
import { FIGURE_IDS, type FigureId } from '../../engine/analysis/paperFigures.ts';
import { flag, int, navigation, oneOf, urlField, type UrlField } from '../common/urlField.ts';

export const PAPER_URL_FIELDS: readonly UrlField[] = [
  navigation(urlField('fig', 'paperFigure', oneOf<FigureId>('paperFigure', FIGURE_IDS), 'paper')),
  urlField('overlay', 'paperOverlay', flag, 'paper'),
  urlField('pK', 'paperInstances', int('paperInstances', 1, 500), 'paper'),
  urlField('pS', 'paperSums', int('paperSums', 1, 100_000), 'paper'),
  urlField('pN', 'paperN', int('paperN', 1, 100_000), 'paper'),
  urlField('pE', 'paperExample', int('paperExample', 0, 1_000_000), 'paper'),
  urlField('pW', 'paperWindow', int('paperWindow', 2, 10_000), 'paper'),
];
