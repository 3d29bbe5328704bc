import { createHash } from 'node:crypto';
import { docketEntryMark } from '../docket-entries';
import type { IngestItem } from '../ingest-item';
import type { CourtFileContext, DocketEntry, RecognisedDocket } from './court-record';
import { courtName } from './federal-courts';

/** An entry's title: its text's first sentence, as long as a title may reasonably be. */
const TITLE_CHARS = 160;

/**
 * The documents a court's docket report becomes: the report itself (the original file, which
 * carries the case's header, parties and judges to the docket) and one filing per entry, dated by
 * its entry and keyed by its number (else its day and text), so the same docket imported again adds
 * only the entries it did not have.
 */
export function docketItems(
  docket: RecognisedDocket,
  context: CourtFileContext,
): { report: IngestItem; entries: IngestItem[] } {
  const common = {
    sourceId: context.sourceId,
    connector: 'files',
    runId: context.runId,
    createdBy: context.createdBy,
    docketNumber: docket.docketNumber,
    docketNumberRaw: docket.docketNumber,
    docketTitle: docket.caseName,
  };
  const latest =
    docket.entries
      .map((e) => e.dateFiled)
      .filter(Boolean)
      .sort()
      .at(-1) ?? docket.dateFiled;
  const report: IngestItem = {
    ...common,
    sourceDocumentId: context.sourceDocumentId,
    title: `${docket.caseName || docket.docketNumber}: docket report`,
    filingTypeNative: 'Docket',
    docketStatus: docket.dateTerminated ? 'closed' : 'open',
    ...(docket.dateFiled ? { docketOpenedAt: dayOf(docket.dateFiled) } : {}),
    ...(docket.dateTerminated ? { docketClosedAt: dayOf(docket.dateTerminated) } : {}),
    parties: docket.parties.map((party) => ({
      name: party.name,
      role: party.role,
      attorneys: party.attorneys,
      dateTerminated: party.dateTerminated,
    })),
    court: {
      courtId: docket.courtId,
      courtName: courtName(docket.courtId),
      judge: docket.assignedTo,
      referredJudge: docket.referredTo,
      natureOfSuit: docket.natureOfSuit,
      cause: docket.cause,
      jurisdiction: docket.jurisdiction,
      juryDemand: docket.juryDemand,
    },
    ...(latest ? { filedAt: dayOf(latest) } : {}),
    // The docket as text (what questions about the case are answered from); the original file is kept beside it.
    pages: [docketText(docket)],
    files: [{ fileName: context.fileName, path: context.path, ...(context.bytes ? { bytes: context.bytes } : {}) }],
  };
  const docketId = `${context.sourceId}/${docket.courtId || 'court'}/${docket.docketNumber}`;
  const entries = docket.entries.map((entry): IngestItem => ({
    ...common,
    sourceDocumentId: `${docketId}/entry/${entryKey(entry)}`,
    title: entryTitle(entry),
    description: entry.number ? `Docket entry ${entry.number}` : 'Docket entry',
    docketEntry: docketEntryMark(entry.number),
    ...(entry.dateFiled ? { filedAt: dayOf(entry.dateFiled) } : {}),
    // Its place in the docket heads its text: two entries of the same words ("Summons Issued") stay two.
    pages: [`${entryHeading(docket, entry)}\n\n${entry.description}`],
  }));
  return { report, entries };
}

/** "Balbo v. Tilton, No. 3:08-cv-00159, docket entry 1, filed 2008-01-11". */
function entryHeading(docket: RecognisedDocket, entry: DocketEntry): string {
  const number = entry.number ? `docket entry ${entry.number}` : 'docket entry';
  const filed = entry.dateFiled ? `, filed ${entry.dateFiled}` : '';
  return `${docket.caseName}, No. ${docket.docketNumber}, ${number}${filed}`;
}

/** The case as its docket report states it, one fact a line, then its parties and their attorneys. */
export function docketText(docket: RecognisedDocket): string {
  const facts: Array<[string, string]> = [
    ['Case', docket.caseName],
    ['Docket number', docket.docketNumber],
    ['Court', courtName(docket.courtId) || docket.courtId],
    ['Assigned to', docket.assignedTo],
    ['Referred to', docket.referredTo],
    ['Date filed', docket.dateFiled],
    ['Date terminated', docket.dateTerminated],
    ['Nature of suit', docket.natureOfSuit],
    ['Cause', docket.cause],
    ['Jurisdiction', docket.jurisdiction],
    ['Jury demand', docket.juryDemand],
  ];
  const header = facts.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  const parties = docket.parties.map((party) => {
    const counsel = party.attorneys.map((a) => a.name).join('; ');
    const representedBy = counsel ? `, represented by ${counsel}` : '';
    const terminated = party.dateTerminated ? ` (terminated ${party.dateTerminated})` : '';
    return `${party.role}: ${party.name}${representedBy}${terminated}`;
  });
  return [...header, '', 'Parties', ...parties, '', `Entries: ${docket.entries.length}`].join('\n');
}

/** The entry's lasting key: its number; an unnumbered entry, its day and text. */
function entryKey(entry: DocketEntry): string {
  if (entry.number) return entry.number;
  return `${entry.dateFiled || 'undated'}-${createHash('sha256').update(entry.description).digest('hex').slice(0, 12)}`;
}

/** "COMPLAINT against Acme Corp. (Filing fee $ 402.) Filed by …" → "COMPLAINT against Acme Corp." */
function entryTitle(entry: DocketEntry): string {
  const text = entry.description.replace(/\s*\(Entered:[^)]*\)\s*$/u, '');
  const sentence = /^.{12,}?[.;](?=\s+[A-Z(]|$)/u.exec(text)?.[0] ?? text;
  const title =
    sentence.length > TITLE_CHARS ? `${sentence.slice(0, TITLE_CHARS - 1).replace(/\s+\S*$/u, '')}…` : sentence;
  return title || `Docket entry ${entry.number}`.trim();
}

function dayOf(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
