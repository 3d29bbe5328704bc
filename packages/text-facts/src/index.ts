/**
 * @docket/text-facts: amounts of money, percentages and dates in English regulatory text, with
 * offsets into the text and machine values. Pure and synchronous.
 *
 * One home for these patterns: the documents service's entity extraction (money, percentage and date
 * mentions) and the query-engine (key facts, figures, citation checks) both read numbers with them.
 */
export { extractFacts, type AnyFact } from './extract-facts';
export { extractMoney } from './money.extractor';
export { extractPercentages, type PercentageOptions } from './percentage.extractor';
export { extractDates, epochMsOf, isoDate } from './date.extractor';
export { MONTHS } from './lexicon';
export type { TextFact, TextFactKind, MoneyFact, PercentageFact, DateFact } from './text-fact';
