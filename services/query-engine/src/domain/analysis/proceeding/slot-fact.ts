import type { AnyFact } from '@docket/text-facts';
import type { FactSlot, KeyFact, KeyFactKind } from '../analysis-model';
import { citationOf } from '../citation';
import { filingOf } from '../key-facts';
import type { RecordSentence } from './record-sentences';

export const SLOT_LABELS: Record<Exclude<FactSlot, ''>, string> = {
  requested_amount: 'Requested increase',
  recommended_amount: 'Recommended increase',
  approved_amount: 'Authorized increase',
  hearing_date: 'Evidentiary hearing',
  comment_deadline: 'Comments due',
  intervention_deadline: 'Intervention deadline',
  decision_date: 'Decision issued',
  applicant: 'Applicant',
  intervenor: 'Intervenor',
  staff: 'Staff',
  outcome: 'Outcome',
};

/** A key fact of the proceeding's record, citing the sentence that states it. */
export function slotFact(
  slot: Exclude<FactSlot, ''>,
  kind: KeyFactKind,
  sentence: RecordSentence,
  value: { text: string; normalized: string },
  subject: string,
  status: KeyFact['status'] = '',
): KeyFact {
  return {
    kind,
    text: value.text,
    normalized: value.normalized,
    citation: citationOf(sentence.document, sentence.start, sentence.end),
    slot,
    label: SLOT_LABELS[slot],
    subject,
    status,
    ...filingOf(sentence.document),
  };
}

/** The fact's text and machine value as a key fact carries them. */
export function factValue(fact: AnyFact): { text: string; normalized: string } {
  return { text: fact.text, normalized: String(fact.value) };
}
