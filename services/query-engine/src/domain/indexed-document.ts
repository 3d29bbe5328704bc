import { createHash } from 'node:crypto';
import { nameKey, type MatchableDocument } from '@docket/query-language';

/** An entity found in the document (organisation, person, agency, docket, place), once each. */
export interface IndexedEntity {
  id: string;
  kind: string;
  name: string;
}

/** A page of the text: [start, end) character offsets into `text`. */
export interface IndexedPage {
  number: number;
  start: number;
  end: number;
}

/**
 * A document as the search index sees it: what is searched (title, text, description), what is
 * filtered and counted (agency, filing type, docket, filing date, parties, entities), and what the
 * analysis reads back through fetch() (text and its pages).
 */
export interface IndexedDocument {
  id: string;
  title: string;
  text: string;
  /** A short summary some sources publish (an abstract); searched like the title and text. */
  description: string;
  sourceId: string;
  /** The agency's or court's display name; `agency:` matches it as well as the source id. */
  sourceName: string;
  docketNumber: string;
  docketId: string;
  /** Native filing type as the source names it. */
  filingType: string;
  /** Normalised category (Decision, Order, ...); `type:` matches it as well as the native type. */
  filingCategory: string;
  filedAt?: Date | undefined;
  /** Names of the docket's parties. */
  parties: string[];
  /** Who filed this document; `party:` matches them too. */
  filers: string[];
  entities: IndexedEntity[];
  pages: IndexedPage[];
  /** Content hash from the documents service; an upsert with an unchanged hash does not re-read the text. */
  sha256: string;
  /**
   * Written only if the index does not hold the document yet: a documents.ingested event, which its
   * document's documents.updated may overtake (they travel on two topics, read side by side). An
   * index that holds the document holds this state or a newer one.
   */
  onlyIfNew?: boolean;
}

export interface SearchHit {
  documentId: string;
  title: string;
  /** HTML-safe title; matched terms wrapped in <mark></mark>. */
  titleHtml: string;
  /** HTML-safe excerpt: the document's own text is escaped; matched terms are wrapped in <mark></mark>. */
  snippet: string;
  /** Higher is better (negated BM25 for the SQLite backend); 0 when the order is by date. */
  score: number;
  filedAt?: Date | undefined;
  sourceId: string;
  sourceName: string;
  docketNumber: string;
  filingType: string;
  filingCategory: string;
  parties: string[];
}

/**
 * The parties `party:` looks at: the docket's parties and the filers, each name once (by nameKey:
 * case, accents and punctuation aside), in the order first seen; names without a word are left out.
 */
export function partyNamesOf(document: Pick<IndexedDocument, 'parties' | 'filers'>): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of [...document.parties, ...document.filers]) {
    const key = nameKey(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name.trim());
  }
  return names;
}

/**
 * The document as @docket/query-language's matchesDocument sees it: the reference semantics every
 * backend must reproduce. The matcher knows title and text only; the description is searched too,
 * as a third field (a phrase never spans two fields), which a backend does by indexing it
 * separately. Callers who need the exact reference (the shared backend suite) keep descriptions
 * out of phrase reach; see test/shared/search-backend.suite.ts.
 */
export function matchableOf(document: IndexedDocument): MatchableDocument {
  return {
    title: document.title,
    text: document.description ? `${document.text}\n${document.description}` : document.text,
    sourceId: document.sourceId,
    agencies: document.sourceName ? [document.sourceName] : [],
    docketNumber: document.docketNumber,
    filingType: document.filingType,
    filingCategory: document.filingCategory,
    parties: partyNamesOf(document),
    entities: document.entities.map((entity) => entity.name),
    ...(document.filedAt ? { filedAt: document.filedAt } : {}),
  };
}

/**
 * The documents service sends the sha256 of the content; should one arrive without it, hash it
 * here, since an empty hash would make every later version look "unchanged".
 */
export function contentHashOr(sha256: string, title: string, text: string): string {
  return sha256 || createHash('sha256').update(title).update('\n').update(text).digest('hex');
}
