/** Questions about one court case, answered from its docket's structure (header, parties, entries). */
export { readCaseQuestion, type CaseAsk, type CaseFact } from './case-question';
export { readCaseRecord, isDocketReport, REPORT_TITLE_SUFFIX, type CaseRecord, type CaseParty } from './case-record';
export { caseEntryOf, latestFirst, type CaseEntry } from './case-entries';
export { caseNameShare } from './case-names';
export { answerCase, longDate, type CaseAnswerInput } from './case-answer';
