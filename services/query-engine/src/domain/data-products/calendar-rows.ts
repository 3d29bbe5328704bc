import type { FactSlot } from '../analysis';
import { recordFacts, SLOT_LABELS } from '../analysis/proceeding';
import { RowBuilder, sourceOf, type ComputedRow } from './computed-row';
import { proceedingIdentity } from './proceeding-identity';
import { filedBy, type ProceedingFilings } from './rate-case-row';

const EVENTS = ['hearing_date', 'comment_deadline', 'intervention_deadline'] as const satisfies readonly FactSlot[];

/**
 * The procedural calendar's rows of one proceeding as of the end of `asOf`: every hearing, comment
 * and intervention date its filings set, the one in force 'current' and each it replaced 'superseded'
 * (kept, so a moved hearing shows where it was), each citing the sentence that sets it.
 */
export function calendarRows(proceeding: ProceedingFilings, asOf: string): ComputedRow[] {
  const filings = filedBy(proceeding.filings, asOf);
  if (filings.length === 0) return [];
  const facts = recordFacts(
    { kind: 'date', slots: [...EVENTS, 'applicant'], party: '', comparison: false },
    filings,
    proceeding.sourceName,
  );
  const dates = facts.filter((fact) => (EVENTS as readonly FactSlot[]).includes(fact.slot));
  if (dates.length === 0) return [];
  const identity = proceedingIdentity(filings, proceeding);
  const applicant = facts.find((fact) => fact.slot === 'applicant');
  return dates.map((fact) => {
    const row = new RowBuilder()
      .key('proceeding_id', identity.id, identity.sources.docket ?? identity.sources.title)
      .key('event', SLOT_LABELS[fact.slot as (typeof EVENTS)[number]], sourceOf(fact.citation, fact.filedAt))
      .key('date', fact.normalized, sourceOf(fact.citation, fact.filedAt))
      .cited('docket', identity.docketNumber, identity.sources.docket)
      .cited('agency', identity.agency, identity.sources.agency ?? identity.sources.title)
      .cited('state', identity.state, identity.sources.agency ?? identity.sources.title);
    if (applicant) row.fact('utility', applicant, (f) => f.normalized);
    else row.cited('utility', identity.opener, identity.sources.opener);
    return row
      .cited('title', identity.title, identity.sources.title)
      .fact('status', fact, (f) => (f.status === 'superseded' ? 'superseded' : 'current')).row;
  });
}
