import { createHash } from 'node:crypto';
import { normaliseDocketKey } from '../docket-number';
import type { IngestItem } from '../ingest-item';
import type { CourtFileContext, ListedOpinion, RecognisedOpinions } from './court-record';

const OPINION = 'Opinion';
const LISTING = 'Listing of opinions';

/**
 * The documents a court's opinion page becomes. A page of one opinion is that opinion: its case name
 * titles the page, its day dates it, its docket files it. A listing is kept as one document (the
 * original page, its text the opinions it lists, one a line), and each listed opinion becomes a
 * document of its own: titled by its case, dated, filed under its docket, its link kept as its
 * source address. An opinion is keyed by the page and its docket number (else its case name) and
 * day, so the same page imported again adds only the opinions it did not list before.
 */
export function opinionItems(
  record: RecognisedOpinions,
  context: CourtFileContext,
): { page: IngestItem; opinions: IngestItem[] } {
  const common = { sourceId: context.sourceId, connector: 'files', runId: context.runId, createdBy: context.createdBy };
  const file = { fileName: context.fileName, path: context.path, ...(context.bytes ? { bytes: context.bytes } : {}) };
  if (record.opinions.length === 1) {
    const opinion = record.opinions[0] as ListedOpinion;
    // The page's own text (the opinion itself) is read from the file as any page's is.
    return {
      page: { ...common, ...opinionFields(opinion), sourceDocumentId: context.sourceDocumentId, files: [file] },
      opinions: [],
    };
  }
  const latest = record.opinions
    .map((opinion) => opinion.date)
    .filter(Boolean)
    .sort()
    .at(-1);
  const page: IngestItem = {
    ...common,
    sourceDocumentId: context.sourceDocumentId,
    title: `${context.fileName}: ${record.opinions.length} opinions listed`,
    filingTypeNative: LISTING,
    ...(latest ? { filedAt: dayOf(latest) } : {}),
    pages: [record.opinions.map(opinionLine).join('\n')],
    files: [file],
  };
  const keys = new Set<string>();
  const opinions = record.opinions.map((opinion): IngestItem => {
    // Two items of one page with the same docket and day (an opinion and its errata) are told apart by their links.
    let key = `${context.sourceDocumentId}#opinion/${opinionKey(opinion)}`;
    if (keys.has(key)) key = `${key}/${shortHash(opinion.url || opinion.caseName)}`;
    keys.add(key);
    return {
      ...common,
      ...opinionFields(opinion),
      sourceDocumentId: key,
      description: `Listed on ${context.sourceDocumentId}`,
      // Not the page's name: the same opinion listed on two pages (two days' listings) is one document.
      pages: [opinionText(opinion)],
    };
  });
  return { page, opinions };
}

/** What a listed opinion says of itself, as a document's fields. */
function opinionFields(opinion: ListedOpinion): Partial<IngestItem> {
  return {
    title: opinion.caseName || (opinion.docketNumber ? `No. ${opinion.docketNumber}` : OPINION),
    filingTypeNative: OPINION,
    ...(opinion.date ? { filedAt: dayOf(opinion.date) } : {}),
    ...(opinion.docketNumber
      ? { docketNumber: opinion.docketNumber, docketNumberRaw: opinion.docketNumber, docketTitle: opinion.caseName }
      : {}),
    ...(opinion.url ? { sourceUrl: opinion.url } : {}),
  };
}

/** The opinion as the listing states it, one fact a line. */
export function opinionText(opinion: ListedOpinion): string {
  const facts: Array<[string, string]> = [
    ['Docket number', opinion.docketNumber],
    ['Date', opinion.date],
    ['Opinion', opinion.url],
  ];
  return [
    opinion.caseName || OPINION,
    ...facts.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`),
  ].join('\n');
}

/** "Marigold Orchard v. Tansy Mills, No. 22-0417, 2023-03-14, https://…/22-0417.pdf". */
function opinionLine(opinion: ListedOpinion): string {
  return [opinion.caseName, opinion.docketNumber ? `No. ${opinion.docketNumber}` : '', opinion.date, opinion.url]
    .filter(Boolean)
    .join(', ');
}

/** The opinion's lasting key within its page: its docket number (else its case name) and its day. */
function opinionKey(opinion: ListedOpinion): string {
  const docket = opinion.docketNumber
    ? normaliseDocketKey(opinion.docketNumber)
    : `name-${shortHash(opinion.caseName.toLowerCase())}`;
  return `${docket}/${opinion.date || 'undated'}`;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

function dayOf(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
