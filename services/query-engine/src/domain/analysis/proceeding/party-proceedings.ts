import { nameKey } from '@docket/query-language';
import { filedMs, type AnalysedDocument } from '../analysis-model';
import { captionApplicants, captionOf } from './caption';
import { requestedAmounts } from './record-amounts';
import { readFiling } from './record-sentences';

/**
 * What the index holds about the party a question names, beyond the documents retrieved: its recent
 * filings (and those of any year the question names), which bring in its proceedings retrieval
 * missed, and each proceeding's first and last filing day (epoch ms, by proceeding key).
 */
export interface PartyRecord {
  filings: readonly AnalysedDocument[];
  spans: ReadonlyMap<string, FilingSpan>;
}

export interface FilingSpan {
  firstMs: number;
  lastMs: number;
}

export const NO_PARTY_RECORD: PartyRecord = { filings: [], spans: new Map() };

/** What a question naming a party asks of its proceedings. */
export interface PartyWants {
  party: string;
  years: number[];
  /** What was approved or decided: a decided proceeding. */
  decision: boolean;
  /** What it requested: a proceeding it asked for an amount in. */
  request: boolean;
}

/** One of the party's proceedings, with the documents at hand (retrieved, and the party's own). */
export interface PartyProceeding {
  key: string;
  documents: AnalysedDocument[];
}

/** A petition to join a proceeding is filed as an application by some agencies; it does not name the proceeding. */
export const JOINS_A_PROCEEDING = /\binterven(?:e|tion)\b/i;

/**
 * A company's proceedings, the one a question means first: one it opened in a year the question
 * names; then (for what was approved or decided) a decided one; then its own cases before those it
 * joined; then the nearest in time to a year named; then (for what it requested) one whose filings
 * state its request; then by the latest filing, newest first.
 */
export function orderPartyProceedings<P extends PartyProceeding>(
  proceedings: readonly P[],
  wanted: PartyWants,
  spans: ReadonlyMap<string, FilingSpan>,
): P[] {
  const yearsOf = (p: P) => {
    const known = spans.get(p.key);
    const filed = p.documents.map((d) => filedMs(d.filedAt)).filter((ms) => ms > 0);
    const year = (ms: number) => new Date(ms).getUTCFullYear();
    return {
      first: year(Math.min(known?.firstMs || Infinity, ...filed)),
      last: year(Math.max(known?.lastMs ?? 0, ...filed)),
      lastMs: Math.max(known?.lastMs ?? 0, ...filed),
    };
  };
  const opened = (p: P) => Number(wanted.years.includes(yearsOf(p).first));
  // How many years lie between a year named and the proceeding's filings (0 while it was active).
  const distance = (p: P) => {
    const { first, last } = yearsOf(p);
    return wanted.years.length === 0
      ? 0
      : Math.min(...wanted.years.map((y) => (y < first ? first - y : y > last ? y - last : 0)));
  };
  const decided = (p: P) =>
    wanted.decision && p.documents.some((d) => (d.filingCategory ?? '').toLowerCase() === 'decision');
  // Between two of its cases, the one whose filings at hand state what it requested
  // (the other may be a program's approval).
  const requestStated = (p: P) =>
    wanted.request && requestedAmounts(p.documents.map(readFiling), wanted.party).length > 0;
  const rank = (p: P) => [
    opened(p),
    Number(decided(p)),
    ownership(p.documents, wanted),
    -distance(p),
    Number(requestStated(p)),
    yearsOf(p).lastMs,
  ];
  // Each ranked once: reading a proceeding's filings for its request is the costly part.
  const ranked = proceedings.map((p) => ({ p, rank: rank(p) }));
  ranked.sort((a, b) => {
    for (let i = 0; i < a.rank.length; i++)
      if (a.rank[i] !== b.rank[i]) return (b.rank[i] as number) - (a.rank[i] as number);
    return 0;
  });
  return ranked.map(({ p }) => p);
}

/**
 * How much the proceeding is the party's own case: 2 it filed the application (stating the amount it
 * asks for, when that is asked), or a caption names it as the one who opened it, or it files there,
 * joined no one and no one else opened it (neither application nor caption at hand); 1 its
 * application asks for no amount (a joint petition on an interconnection); 0 it intervened, or
 * another party or the commission opened it.
 */
export function ownership(
  documents: readonly AnalysedDocument[],
  wanted: Pick<PartyWants, 'party' | 'request'>,
): number {
  const applications = documents.filter(isApplication);
  const own = applications.filter((d) => appliedBy(d, wanted.party));
  if (own.length > 0) return !wanted.request || statesRequest(own, wanted.party) ? 2 : 1;
  if (documents.some((d) => JOINS_A_PROCEEDING.test(d.title) && filedBy(d, wanted.party))) return 0;
  const openedBy = documents.flatMap((d) => captionApplicants(captionOf(d)));
  if (openedBy.length > 0) return openedBy.includes(nameKey(wanted.party)) ? 2 : 0;
  if (applications.length > 0) return 0;
  return documents.some((d) => filedBy(d, wanted.party)) ? 2 : 0;
}

export function isApplication(document: AnalysedDocument): boolean {
  return (document.filingCategory ?? '').toLowerCase() === 'application' && !JOINS_A_PROCEEDING.test(document.title);
}

function filedBy(document: AnalysedDocument, party: string): boolean {
  const key = nameKey(party);
  return key !== '' && (document.filers ?? []).some((name) => nameKey(name) === key);
}

/** The application is the party's: it files it, or its title names it. */
function appliedBy(document: AnalysedDocument, party: string): boolean {
  return (
    filedBy(document, party) ||
    (nameKey(party) !== '' && ` ${nameKey(document.title)} `.includes(` ${nameKey(party)} `))
  );
}

/** Whether one of the party's applications states the amount it asks for. */
function statesRequest(applications: readonly AnalysedDocument[], party: string): boolean {
  return requestedAmounts(applications.map(readFiling), party).length > 0;
}
