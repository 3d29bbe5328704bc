/**
 * Figures of a question (pure): the result set counted by month, agency, filing type, party and
 * docket, and the amounts, percentages and dates of the passages the analysis cites.
 */
export * from './figures-model';
export { buildFigures, FiguresBuilder } from './build-figures';
export {
  countResultSet,
  filingsByMonth,
  monthLabel,
  nameKey,
  DEFAULT_COUNT_LIMITS,
  UNCLASSIFIED,
  type CountLimits,
} from './result-set-counts';
export { citedPassages, numbersFromPassages } from './cited-numbers';
