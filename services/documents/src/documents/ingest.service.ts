import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { PendingEvent } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { BlobStore } from '../blob/blob-store';
import { normaliseDocketKey } from '../domain/docket-number';
import type { Docket } from '../domain/docket.types';
import { contentSha256, TITLE_MAX_CHARS } from '../domain/document';
import type { Attachment, Document } from '../domain/document.types';
import type { DocketPattern } from '../domain/entities';
import { classifyFiling } from '../domain/filing-classifier';
import { docketIdOf, provenanceKeyOf } from '../domain/ids';
import type { IngestFile, IngestItem, IngestOutcome } from '../domain/ingest-item';
import { KNOWN_SOURCES_LISTED, UnknownSourceError, UPLOADS_SOURCE } from '../domain/known-sources';
import type { SourceDefinition } from '../domain/source.types';
import { analyseText, filingDocketEntity, withFilingDocket } from '../domain/text-analysis';
import { extractText, PAGE_SEPARATOR, type ExtractionLimits, type PageSpan } from '../extraction';
import type { DocketRepository } from '../store/docket.repository';
import type { DocumentRepository, NewDocumentRecord } from '../store/document.repository';
import type { SourceRepository } from '../store/source.repository';
import {
  documentIngestedEvent,
  documentUpdatedEvent,
  type DocumentsTopics,
  type EventDocument,
} from './document-changes.event';
import type { StatsProjector } from './stats.projector';

/** Something that publishes outbox events soon after a write (the OutboxRelay). */
export interface OutboxKicker {
  /**
   * With ids (as strings: the relay's model casts them to its _id type):
   * publish just those aggregates' events now; without: a full pass.
   */
  kick(ids?: string[]): Promise<void>;
  /** A new aggregate's events as just written: published without reading them back. */
  kickWritten(written: Array<{ id: string; events: PendingEvent[] }>): Promise<void>;
}

/** Where new documents wait for their analysis (IngestService adds them). */
export interface AnalysisQueue {
  add(documentId: string): void;
  /**
   * Resolves at once, unless the oldest document has waited the longest it should (maxWaitMs): then
   * once every overdue one is analysed. Imports faster than the analysis wait here, so that no
   * document waits for its entities much beyond maxWaitMs however long an import runs.
   */
  caughtUp(): Promise<void>;
}

const DOCKET_CACHE_SIZE = 10_000;
/** Text beyond this is cut (the original file stays whole in the blob store). */
export const STORED_TEXT_MAX_CHARS = 8_000_000;

interface FileResult {
  attachment: Attachment;
  pages?: string[];
  title?: string;
  language?: string;
}

/** What the file importer adds to an item it hands over. */
export interface IngestNote {
  /** Why its recognisers did not read the file as a court record; kept in the document's provenance. */
  unrecognisedReason?: string;
  /**
   * Completes the item from the primary file's pages once they are extracted (an agency filing's
   * docket, day, filer and title), with why nothing was read when nothing was; not called when the
   * file yields no text.
   */
  fromText?: (pages: readonly string[]) => { item: IngestItem; unrecognisedReason?: string };
}

/**
 * The one path every connector's documents take: store the original files, extract text,
 * deduplicate (by source id, then by content sha256), write the document with its event in one
 * write, and hand it to the counters and to the analysis that finds its entities in the background.
 * A file that cannot be read is kept with the reason.
 */
export class IngestService {
  /** Dockets seen lately: most filings belong to a docket seen just before, so this saves two reads each. */
  private readonly docketCache = new Map<string, Docket>();
  /** Source id → display name, for events (agency: filters match names too). */
  private readonly sourceNames = new Map<string, string>();

  constructor(
    private readonly deps: {
      documents: DocumentRepository;
      dockets: DocketRepository;
      sources: SourceRepository;
      blobs: BlobStore;
      projector: StatsProjector;
      /** Where a new document waits for its entities (DocumentAnalyser). */
      analysis: AnalysisQueue;
      outbox: OutboxKicker;
      topics: DocumentsTopics;
      limits: ExtractionLimits;
      docketPatterns: () => DocketPattern[];
      logger: Logger;
    },
  ) {}

  async ingest(given: IngestItem, note: IngestNote = {}): Promise<IngestOutcome> {
    const { documents } = this.deps;
    await this.deps.analysis.caughtUp();
    const sourceName = await this.requireSource(given.sourceId);
    const provenanceKey = provenanceKeyOf(given.sourceId, given.sourceDocumentId);
    const files = await Promise.all((given.files ?? []).map((file, index) => this.storeFile(file, index === 0)));
    const primary = files[0];
    const pageTexts = given.pages ?? primary?.pages;
    // Read once extracted, before the document is titled and filed under its docket.
    const read = pageTexts && note.fromText ? note.fromText(pageTexts) : undefined;
    const item = read?.item ?? given;
    const unrecognisedReason = read ? read.unrecognisedReason : note.unrecognisedReason;
    const failure = pageTexts ? undefined : primary?.attachment;

    const { text, pages } = joinPages(pageTexts ?? []);
    const title = clip(
      item.title?.trim() || primary?.title?.trim() || primary?.attachment.fileName || item.sourceDocumentId,
      TITLE_MAX_CHARS,
    );
    const sha256 = text ? contentSha256(title, text) : `file:${primary?.attachment.sha256 ?? provenanceKey}`;

    const docket = await this.ensureDocket(item);
    const now = new Date();
    const filingType = item.filingTypeNative?.trim() ?? '';
    const record: NewDocumentRecord = {
      title,
      text,
      pages,
      sourceId: item.sourceId,
      docketId: docket?.id ?? '',
      docketNumber: docket?.number ?? '',
      filingType,
      filingCategory: classifyFiling({ title, nativeType: filingType, firstPage: pageTexts?.[0] }).category,
      filedAt: item.filedAt,
      filers: item.filers ?? [],
      description: item.description?.trim() ?? '',
      ...(item.docketEntry && docket ? { docketEntry: item.docketEntry } : {}),
      language: primary?.language ?? (text ? 'en' : ''),
      sha256,
      createdBy: item.createdBy ?? '',
      createdAt: now,
      updatedAt: now,
      attachments: files.map((file) => file.attachment),
      provenance: {
        connector: item.connector,
        sourceDocumentId: item.sourceDocumentId,
        sourceUrl: item.sourceUrl ?? '',
        runId: item.runId ?? '',
        createdByRunId: item.runId ?? '',
        ...(unrecognisedReason ? { unrecognisedReason } : {}),
      },
      provenanceKey,
      ...(failure ? { failureReason: failure.failureReason, failureMessage: failure.failureMessage } : {}),
      // A new document's entities are found in the background (DocumentAnalyser); a changed one's below.
      // Its docket is known already: it links to the docket's page at once.
      entities: [docket && filingDocketEntity(docket.number)].filter((entity) => entity !== undefined),
      mentions: [],
      values: [],
      ...(text ? { analysisPending: true } : {}),
    };

    // Insert first: new documents (the common case) cost one write; a unique-key clash then tells
    // a changed document (same source id, new content) from a duplicate.
    const id = documents.newId();
    // A document whose file could not be read has nothing to index: it is kept, with no event.
    const events = failure
      ? []
      : [documentIngestedEvent(eventDocumentOf(id, record, sourceName, docket?.parties), this.deps.topics.ingested)];
    if (await documents.insert(id, record, events)) {
      if (events.length > 0) void this.deps.outbox.kickWritten([{ id, events }]);
      if (record.analysisPending) this.deps.analysis.add(id);
      this.deps.projector.add({ id, ...record });
      if (failure) {
        return {
          outcome: 'failed',
          documentId: id,
          reason: failure.failureReason as IngestOutcome['reason'],
          message: failure.failureMessage,
        };
      }
      return { outcome: 'new', documentId: id };
    }

    const existing = await documents.findByProvenanceKey(provenanceKey);
    if (existing && existing.sha256 !== sha256) {
      // Analysed as it is written: a changed document is rare, and its entities are not counted again.
      const { analysisPending: _analysedNow, ...content } = record;
      const found = text ? analyseText(text, this.deps.docketPatterns()) : { entities: [], mentions: [], values: [] };
      const changed = {
        ...content,
        ...(docket ? withFilingDocket(found, docket.number) : found),
        createdAt: existing.createdAt,
        provenance: { ...record.provenance, createdByRunId: existing.provenance.createdByRunId ?? '' },
      };
      const event = documentUpdatedEvent(
        eventDocumentOf(existing.id, changed, sourceName, docket?.parties),
        this.deps.topics.updated,
      );
      if (await documents.replaceContent(existing.id, changed, event)) {
        void this.deps.outbox.kick([existing.id]);
        return { outcome: 'updated', documentId: existing.id };
      }
    }
    if (existing?.sha256 === sha256 && item.runId && existing.provenance.runId === item.runId)
      return earlierOutcome(existing, item.runId);
    const same = existing ?? (await documents.findBySha256(sha256));
    return { outcome: 'duplicate', documentId: same?.id ?? '' };
  }

  /** Stores the original and reads its text unless it is known; a file on disk is read once for both. */
  private async storeFile(file: IngestFile, primary: boolean): Promise<FileResult> {
    const bytes = file.bytes ?? (file.path ? await this.readWhole(file.path, file.size) : Buffer.alloc(0));
    const blob = await this.deps.blobs.put(bytes ?? createReadStream(file.path as string));
    const attachment: Attachment = {
      id: blob.sha256.slice(0, 16),
      fileName: file.fileName,
      contentType: file.contentType ?? contentTypeOf(file.fileName),
      size: blob.size,
      sha256: blob.sha256,
      pageCount: file.knownPages?.length ?? 0,
      blobKey: blob.key,
      primary,
    };
    if (file.knownPages) return { attachment, pages: file.knownPages };
    const input = bytes
      ? { fileName: file.fileName, contentType: file.contentType, bytes }
      : { fileName: file.fileName, contentType: file.contentType, path: file.path as string };
    const result = await extractText(input, this.deps.limits);
    if (!result.ok) {
      attachment.failureReason = result.reason;
      attachment.failureMessage = result.message;
      return { attachment };
    }
    attachment.pageCount = result.pageCount;
    const pages = result.pages.map((span) => result.text.slice(span.start, span.end));
    if (!primary) attachment.text = clip(result.text, STORED_TEXT_MAX_CHARS);
    return { attachment, pages, title: result.title, language: result.language };
  }

  /**
   * A file's bytes when extraction would take it (a regular file within the size limit, its size given
   * by a caller that has just read it, else read here); otherwise undefined, and the file is streamed
   * into the blob store and extraction reports why it refused it.
   */
  private async readWhole(filePath: string, knownSize?: number): Promise<Buffer | undefined> {
    let size = knownSize;
    if (size === undefined) {
      const info = await stat(filePath);
      size = info.isFile() ? info.size : Infinity;
    }
    return size <= this.deps.limits.maxBytes ? readFile(filePath) : undefined;
  }

  /**
   * The display name of the source a document is filed under (an event carries it: agency filters
   * match names too). Only an existing source is taken (see UnknownSourceError), and the built-in
   * `uploads`, which is defined when missing.
   */
  async requireSource(sourceId: string, path = 'sourceId'): Promise<string> {
    const known = this.sourceNames.get(sourceId);
    if (known !== undefined) return known;
    let source: SourceDefinition | undefined = await this.deps.sources.find(sourceId);
    if (!source && sourceId === UPLOADS_SOURCE.id) {
      // false when a concurrent first upload defined it: the same definition either way
      await this.deps.sources.create(UPLOADS_SOURCE);
      source = UPLOADS_SOURCE;
    }
    if (!source) throw new UnknownSourceError(sourceId, path, await this.deps.sources.ids(KNOWN_SOURCES_LISTED));
    this.sourceNames.set(sourceId, source.name);
    return source.name;
  }

  private async ensureDocket(item: IngestItem) {
    const raw = item.docketNumber?.trim();
    if (!raw) return undefined;
    const number = normaliseDocketKey(raw);
    const docket = {
      id: docketIdOf(item.sourceId, number),
      sourceId: item.sourceId,
      number,
      numberRaw: item.docketNumberRaw ?? raw,
      title: item.docketTitle ?? '',
      status: item.docketStatus ?? 'open',
      openedAt: item.docketOpenedAt,
      closedAt: item.docketClosedAt,
      parties: item.parties ?? [],
      industry: item.industry ?? '',
      ...(item.court ? { court: item.court } : {}),
    };
    const cached = this.docketCache.get(docket.id);
    // A cached docket is re-read only when this filing brings what it lacked (a title, parties), or a court's report.
    if (
      cached &&
      !item.court &&
      (cached.title || !docket.title) &&
      (cached.parties.length > 0 || docket.parties.length === 0)
    )
      return cached;
    if (await this.deps.dockets.upsert(docket)) {
      await this.deps.sources.applyIncrements([
        { sourceId: item.sourceId, documents: 0, dockets: 1, filingTypes: new Map() },
      ]);
    }
    const stored = (await this.deps.dockets.find(docket.id)) ?? { ...docket, documentCount: 0 };
    if (this.docketCache.size >= DOCKET_CACHE_SIZE) this.docketCache.clear();
    this.docketCache.set(docket.id, stored);
    return stored;
  }
}

/**
 * This run already wrote this content: an earlier attempt of the run stored it and was killed
 * before counting it (a resumed run re-does only uncounted items). It gets the outcome that write
 * had, so the run counts it once, rightly, rather than as a duplicate of itself.
 */
function earlierOutcome(existing: Document, runId: string): IngestOutcome {
  if (existing.provenance.createdByRunId !== runId) return { outcome: 'updated', documentId: existing.id };
  if (existing.failureReason) {
    return {
      outcome: 'failed',
      documentId: existing.id,
      reason: existing.failureReason as IngestOutcome['reason'],
      message: existing.failureMessage,
    };
  }
  return { outcome: 'new', documentId: existing.id };
}

function joinPages(pageTexts: string[]): { text: string; pages: PageSpan[] } {
  const pages: PageSpan[] = [];
  let text = '';
  for (const [index, page] of pageTexts.entries()) {
    if (text.length + page.length > STORED_TEXT_MAX_CHARS) break;
    if (index > 0) text += PAGE_SEPARATOR;
    pages.push({ number: index + 1, start: text.length, end: text.length + page.length });
    text += page;
  }
  return { text: text.trim() ? text : '', pages: text.trim() ? pages : [] };
}

function eventDocumentOf(
  id: string,
  record: NewDocumentRecord,
  sourceName: string,
  parties: Array<{ name: string }> = [],
): EventDocument {
  return { id, ...record, sourceName, parties: parties.map((party) => party.name) };
}

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

export function contentTypeOf(fileName: string): string {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
