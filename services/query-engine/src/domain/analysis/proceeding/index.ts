/**
 * Answers about one proceeding's record: what the question is about (scope), the record's facts it
 * asks for (amounts, schedule, parties, outcome), and attribution of every party's claim.
 */
export { decideScope, JOINS_A_PROCEEDING, namedParty, namedPartyProceedings, NO_PARTY_RECORD, scopeStatement, type PartyRecord, type ScopeDecision } from './answer-scope';
export { composeAnswer, type AnswerContext } from './compose-answer';
export { recordFacts } from './record-facts';
export { attributeSections, attributed } from './attribution';
