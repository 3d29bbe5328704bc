import type { Analysis } from '../analysis';
import { citedPassages, numbersFromPassages } from './cited-numbers';
import type { Figures, ResultSetDocument } from './figures-model';
import { countResultSet, DEFAULT_COUNT_LIMITS, type CountLimits } from './result-set-counts';

/** The figures of a question: its result set counted, and the numbers of the passages its analysis cites. */
export function buildFigures(
  resultSet: readonly ResultSetDocument[],
  analysis: Analysis,
  limits: CountLimits = DEFAULT_COUNT_LIMITS,
): Figures {
  return { ...countResultSet(resultSet, limits), numbers: numbersFromPassages(citedPassages(analysis)) };
}

/** The query-engine's FiguresMaker: `make(resultSet, analysis)`. */
export class FiguresBuilder {
  constructor(private readonly limits: CountLimits = DEFAULT_COUNT_LIMITS) {}

  make(resultSet: readonly ResultSetDocument[], analysis: Analysis): Figures {
    return buildFigures(resultSet, analysis, this.limits);
  }
}
