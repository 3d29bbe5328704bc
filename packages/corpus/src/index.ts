/** @docket/corpus: a deterministic, streaming generator of a plausible regulatory and court corpus. */
export * from './model';
export { generateCatalog, corpusStart, corpusEnd, corpusShiftMs, DEFAULT_CORPUS_SEED } from './catalog.generator';
export { generateDockets } from './docket.generator';
export { generateFilings, type FilingOptions } from './filing.generator';
export { renderFilingPdf } from './filing-pdf.renderer';
export { docketPatternOf, normaliseDocketNumber } from './docket-number';
export { Rng, hashParts, type Seed } from './random';
export {
  proceedingRecord,
  scheduleInForce,
  roundedMillions,
  type ProceedingRecord,
  type ProceedingOutcome,
  type Recommendation,
  type SchedulingOrder,
  type IntervenorRecord,
} from './proceeding-record';
export { writtenMoney } from './text-context';
