import { nameKey } from '@docket/query-language';
import type { AnalysedDocument, FactSlot, KeyFact } from '../analysis-model';
import type { QuestionIntent } from '../question-kind';
import { captionApplicants, captionOf } from './caption';
import { approvedAmounts, recommendedAmounts, requestedAmounts } from './record-amounts';
import { outcomes } from './record-outcome';
import { applicants, intervenors, staffParties } from './record-parties';
import { decisionDate, scheduleDates } from './record-schedule';
import { filerOf, readFiling, type RecordFiling } from './record-sentences';

/** How many filings' captions are read for who opened a proceeding. */
const CAPTIONS_READ = 20;

/**
 * The facts of one proceeding's record the question asks for, read from the proceeding's filings
 * (each fact cites the sentence that states it), in the order the question wants them.
 */
export function recordFacts(intent: QuestionIntent, documents: readonly AnalysedDocument[], body: string): KeyFact[] {
  if (intent.slots.length === 0) return [];
  const filings = documents.map(readFiling);
  const applicant = applicants(filings)[0]?.normalized ?? likelyApplicant(documents);
  const facts: KeyFact[] = [];
  for (const slot of intent.slots) facts.push(...factsFor(slot, filings, body, intent.party, applicant));
  return facts;
}

/**
 * Without an application in the index: the party a caption says opened the proceeding ("In the Matter
 * of Application of Ameren Illinois Company for …"), as the filings write its name.
 */
function likelyApplicant(documents: readonly AnalysedDocument[]): string {
  const opened = new Set(documents.slice(0, CAPTIONS_READ).flatMap((d) => captionApplicants(captionOf(d))));
  const names = documents.flatMap((d) => [...(d.filers ?? []), ...(d.parties ?? [])]);
  const captioned = names.find((name) => opened.has(nameKey(name)));
  if (captioned) return captioned;
  const openings = documents.map((d) => d.text.slice(0, 600).toLowerCase());
  return (
    (documents[0]?.parties ?? []).find((name) =>
      openings.some(
        (t) => t.includes(`of ${name.toLowerCase()} for`) || t.includes(`${name.toLowerCase()} for authority`),
      ),
    ) ?? ''
  );
}

function factsFor(
  slot: FactSlot,
  filings: readonly RecordFiling[],
  body: string,
  party: string,
  applicant: string,
): KeyFact[] {
  switch (slot) {
    case 'requested_amount':
      return requestedAmounts(filings, applicant);
    case 'recommended_amount':
      return byParty(recommendedAmounts(filings, applicant), party);
    case 'approved_amount':
      return approvedAmounts(filings, body);
    case 'hearing_date':
    case 'comment_deadline':
    case 'intervention_deadline':
      return scheduleDates(filings, slot);
    case 'decision_date':
      return decisionDate(filings);
    case 'applicant':
      return applicants(filings);
    case 'staff':
      return staffParties(filings);
    case 'intervenor':
      return intervenors(filings, [body, ...decisionMakers(filings)]);
    case 'outcome':
      return outcomes(filings);
    default:
      return [];
  }
}

/** Who speaks in the orders and decisions (the commission or court itself): never a party. */
function decisionMakers(filings: readonly RecordFiling[]): string[] {
  return filings
    .filter((f) => f.category === 'order' || f.category === 'decision' || f.category === 'notice')
    .map((f) => filerOf(f.document));
}

/** The recommendations of the party the question names, when it names one that made any; else all of them. */
function byParty(facts: KeyFact[], party: string): KeyFact[] {
  if (party === '') return facts;
  const wanted = party.toLowerCase();
  const own = facts.filter(
    (fact) => fact.subject.toLowerCase().includes(wanted) || wanted.includes(fact.subject.toLowerCase()),
  );
  return own.length > 0 ? [...own, ...facts.filter((fact) => !own.includes(fact))] : facts;
}
