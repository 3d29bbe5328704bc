/**
 * Answers about one proceeding's record: what the question is about (scope), the record's facts it
 * asks for (amounts, schedule, parties, outcome), and attribution of every party's claim.
 */
export {
  decideScope,
  namedParty,
  namedPartyProceedings,
  scopeStatement,
  yearsIn,
  type ScopeDecision,
} from './answer-scope';
export { JOINS_A_PROCEEDING, NO_PARTY_RECORD, type FilingSpan, type PartyRecord } from './party-proceedings';
export { composeAnswer, type AnswerContext } from './compose-answer';
export { scopedQuestion } from './scoped-question';
export { recordFacts } from './record-facts';
export { holdRead } from './record-sentences';
export { attributeSections, attributed } from './attribution';
export { captionOf, captionOpener } from './caption';
export { SLOT_LABELS } from './slot-fact';
