import { InputError } from '@docket/errors';
import { analyzeExtractive, type Analysis } from '../domain/analysis';
import { validateQuestion } from '../domain/query';
import { queryBudget, type SearchBackend } from '../search';

export const MAX_ANSWER_DOCUMENTS = 50;

export interface DocumentAnswer {
  /** Extractive: every sentence cites one of the given documents. */
  analysis: Analysis;
  /** Given ids the index does not hold. */
  missingDocumentIds: string[];
}

/**
 * Answers a question over given documents only (an alert's digest: its question over its new
 * documents), with the extractive analysis the ask pipeline writes — without retrieval, so nothing
 * but these documents can be cited, and without storing a query.
 */
export class DocumentAnswerService {
  constructor(private readonly deps: { index: SearchBackend; budgetMs: number }) {}

  async answer(question: string, documentIds: string[]): Promise<DocumentAnswer> {
    const text = validateQuestion(question);
    const ids = [...new Set(documentIds.map((id) => id.trim()).filter(Boolean))];
    if (ids.length === 0 || ids.length > MAX_ANSWER_DOCUMENTS) {
      const message = `must list 1 to ${MAX_ANSWER_DOCUMENTS} document ids, got ${ids.length}`;
      throw new InputError(`document_ids: ${message}`, [{ path: 'document_ids', message }]);
    }
    const documents = await this.deps.index.fetch(ids, queryBudget(this.deps.budgetMs));
    const found = new Set(documents.map((document) => document.id));
    // The caller's order is the ranking: an earlier document weighs more when sentences are otherwise equal.
    const analysis = analyzeExtractive(
      text,
      documents.map((document, index) => ({ document, score: documents.length - index })),
    );
    return { analysis, missingDocumentIds: ids.filter((id) => !found.has(id)) };
  }
}
