/**
 * @docket/text-facts: amounts of money, percentages and dates in English regulatory text, with
 * offsets into the text and machine values. Pure and synchronous.
 *
 * The patterns are those of the documents service's entity extraction; they live here so the
 * query-engine (key facts, figures, citation checks) reads numbers the same way.
 */
export { extractFacts, type AnyFact } from './extract-facts';
export { extractMoney } from './money.extractor';
export { extractPercentages } from './percentage.extractor';
export { extractDates, epochMsOf, isoDate } from './date.extractor';
export type { TextFact, TextFactKind, MoneyFact, PercentageFact, DateFact } from './text-fact';
