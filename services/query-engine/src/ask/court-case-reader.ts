import {
  emptySearchFilters,
  filtersToQuery,
  parseQuery,
  restrictQuery,
  type SearchFilters,
} from '@docket/query-language';
import {
  answerCase,
  caseEntryOf,
  caseNameShare,
  isDocketReport,
  latestFirst,
  readCaseQuestion,
  readCaseRecord,
  REPORT_TITLE_SUFFIX,
  type Analysis,
  type CaseAsk,
  type CaseRecord,
} from '../domain/analysis';
import type { IndexedDocument } from '../domain/indexed-document';
import { docketCandidatesIn } from '../domain/named-dockets';
import type { QueryBudget, SearchBackend } from '../search';
import { bm25Retrieve } from './retrieve';

export interface CaseAnswer {
  analysis: Analysis;
  /** The documents the answer cites: the case's docket report, and the entries it quotes. */
  documents: IndexedDocument[];
}

/** The share of a case name's distinctive words a question must name for the case to be the one meant. */
const NAME_SHARE = 0.75;
/** Docket reports whose names are compared with the question's words. */
const NAME_CANDIDATES = 10;
/** The latest entries read to find the last one (the newest day's entries, by number). */
const LATEST_READ = 20;

/**
 * Answers a question about one court case (its judge, dates, nature of suit, cause, parties, a
 * party's attorneys, entry N, the latest entry) from the structure of its docket, when the question
 * asks for such a fact and names a case the index holds a docket report of, by docket number or by
 * name. Undefined otherwise: the question is then answered as any other.
 */
export async function answerCaseQuestion(
  index: SearchBackend,
  question: string,
  budget: () => QueryBudget,
): Promise<CaseAnswer | undefined> {
  const ask = readCaseQuestion(question);
  if (!ask) return undefined;
  const report = (await reportByNumber(index, question, budget)) ?? (await reportByName(index, question, budget));
  if (!report) return undefined;
  const record = readCaseRecord(report);
  const entries = await entriesAsked(index, ask, record, budget);
  return { analysis: answerCase({ ask, record, entries }), documents: [report, ...entries] };
}

/** The docket report of a docket number the question names. */
async function reportByNumber(
  index: SearchBackend,
  question: string,
  budget: () => QueryBudget,
): Promise<IndexedDocument | undefined> {
  for (const candidate of docketCandidatesIn(question)) {
    const reports = await reportsWhere(
      index,
      { ...emptySearchFilters(), dockets: [candidate], filingTypes: [REPORT_TYPE] },
      budget,
    );
    if (reports[0]) return reports[0];
  }
  return undefined;
}

/** The docket report whose case name the question names most fully. */
async function reportByName(
  index: SearchBackend,
  question: string,
  budget: () => QueryBudget,
): Promise<IndexedDocument | undefined> {
  const scope = filtersToQuery({ ...emptySearchFilters(), filingTypes: [REPORT_TYPE] });
  const hits = await bm25Retrieve(index, question, scope, NAME_CANDIDATES, budget());
  if (hits.length === 0) return undefined;
  const reports = (
    await index.fetch(
      hits.map((hit) => hit.documentId),
      budget(),
    )
  ).filter(isDocketReport);
  let best: { report: IndexedDocument; share: number } | undefined;
  for (const report of reports) {
    const share = caseNameShare(question, report.title.slice(0, -REPORT_TITLE_SUFFIX.length));
    if (share >= NAME_SHARE && (!best || share > best.share)) best = { report, share };
  }
  return best?.report;
}

/** The native filing type the documents service gives a docket report. */
const REPORT_TYPE = 'Docket';

async function reportsWhere(
  index: SearchBackend,
  filters: SearchFilters,
  budget: () => QueryBudget,
): Promise<IndexedDocument[]> {
  const { hits } = await index.search(
    { query: filtersToQuery(filters), sort: 'filed_newest', limit: 5, facets: false },
    budget(),
  );
  if (hits.length === 0) return [];
  return (
    await index.fetch(
      hits.map((hit) => hit.documentId),
      budget(),
    )
  ).filter(isDocketReport);
}

/** The entry the question asks for, or the latest entries (latest first); none for the header's facts. */
async function entriesAsked(
  index: SearchBackend,
  ask: CaseAsk,
  record: CaseRecord,
  budget: () => QueryBudget,
): Promise<IndexedDocument[]> {
  if (ask.fact !== 'entry' && ask.fact !== 'latest_entry') return [];
  const docket: SearchFilters = {
    ...emptySearchFilters(),
    dockets: [record.docketNumber],
    agencies: record.report.sourceId ? [record.report.sourceId] : [],
  };
  const query =
    ask.fact === 'entry'
      ? restrictQuery(parseQuery(`"docket entry ${ask.entryNumber}"`), docket)
      : filtersToQuery(docket);
  const { hits } = await index.search({ query, sort: 'filed_newest', limit: LATEST_READ, facets: false }, budget());
  if (hits.length === 0) return [];
  const documents = await index.fetch(
    hits.map((hit) => hit.documentId),
    budget(),
  );
  const entries = latestFirst(documents.flatMap((document) => caseEntryOf(document) ?? []));
  const wanted = ask.fact === 'entry' ? entries.filter((entry) => entry.number === ask.entryNumber) : entries;
  const byId = new Map(documents.map((document) => [document.id, document]));
  return wanted.slice(0, 1).flatMap((entry) => byId.get(entry.document.id) ?? []);
}
