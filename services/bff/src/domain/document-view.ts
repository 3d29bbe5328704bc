export interface DocumentView {
  id: string;
  title: string;
  text: string;
  sourceId: string;
  docketNumber: string;
  filingType: string;
  filedAt: string | null;
  createdAt: string | null;
  sha256: string;
}

export interface SearchHitView {
  documentId: string;
  title: string;
  snippet: string;
  score: number;
  filedAt: string | null;
  sourceId: string;
  docketNumber: string;
  filingType: string;
}

export interface SearchResultView {
  hits: SearchHitView[];
  total: number;
  tookMs: number;
}

export interface NewDocument {
  title: string;
  text: string;
  docketNumber?: string | undefined;
  filingType?: string | undefined;
  sourceId?: string | undefined;
  filedAt?: Date | undefined;
}
