import type { AnalysedDocument, Analysis, KeyFact } from '../analysis-model';
import type { QuestionIntent } from '../question-kind';
import { scopeStatement, titleOf, type ScopeDecision } from './answer-scope';
import { attributeSections } from './attribution';
import { leadSection } from './lead-section';
import { overviewSection } from './overview-section';
import { recordFacts } from './record-facts';

export interface AnswerContext {
  intent: QuestionIntent;
  decision: ScopeDecision;
  /** The proceeding's filings read for its record (none when the answer is not about one proceeding). */
  proceeding: readonly AnalysedDocument[];
  /** Every document the analysis may cite, by id (the analysed ones and the proceeding's). */
  documents: ReadonlyMap<string, AnalysedDocument>;
  /** The day the answer is written (YYYY-MM-DD): a hearing before it was held, a deadline before it has passed. */
  today: string;
}

/** What the slots a question asks for are called when the record does not state them. */
const MISSING: Record<string, string> = {
  amount: 'an amount of the kind asked about',
  date: 'a date of the kind asked about',
  parties: 'its parties',
  outcome: 'a decision',
};

/**
 * The answer as an analyst writes it: what it is about first (the scope), then the record's facts
 * the question asks for (each saying what it is, for whom and from which filing), then the
 * supporting analysis with every party's claim attributed to that party.
 */
export function composeAnswer(base: Analysis, context: AnswerContext): Analysis {
  const { intent, decision } = context;
  const body = decision.scope.sourceName || 'The commission';
  const facts = decision.scope.kind === 'proceeding' ? recordFacts(intent, context.proceeding, body) : [];
  const scope =
    decision.scope.kind === 'proceeding'
      ? { ...decision.scope, title: decision.scope.title || titleOf(context.proceeding) }
      : decision.scope;
  // A vague question (no one proceeding) opens with which proceedings the documents found are from.
  const opening =
    scope.kind === 'open' && intent.kind === 'general'
      ? overviewSection(decision.refinements, base, context.documents)
      : leadSection(facts, body, context.today);
  const sections = attributeSections(base.sections, context.documents);
  const notice =
    facts.length === 0 && scope.kind === 'proceeding' && intent.kind in MISSING
      ? `The filings of docket ${scope.docketNumber} in the index do not state ${MISSING[intent.kind]}; ` +
        `below is what they say about the question.`
      : '';
  return {
    ...base,
    questionKind: intent.kind,
    scope: { ...scope, statement: scopeStatement(scope) },
    refinements: decision.refinements,
    sections: opening ? [opening, ...sections] : sections,
    keyFacts: mergeFacts(facts, base.keyFacts),
    notice: [base.notice, notice].filter(Boolean).join(' '),
  };
}

/**
 * The record's facts when it answers the question: beside them, the numbers and dates read from
 * other sentences are noise. Else the facts read from the answer's sentences, each listed once.
 */
function mergeFacts(record: readonly KeyFact[], read: readonly KeyFact[]): KeyFact[] {
  return record.length > 0 ? [...record] : [...read];
}
