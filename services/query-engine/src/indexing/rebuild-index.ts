import type { DocumentSource } from '../domain/document-source';
import type { SearchBackend } from '../search';

export class RebuildInterrupted extends Error {
  constructor() {
    super('re-index interrupted by shutdown');
    this.name = 'RebuildInterrupted';
  }
}

/**
 * Rebuilds the whole index from the source of truth into a fresh build and swaps it in. Always
 * starts from an empty build, so a retried or crashed attempt simply runs again from the top.
 */
export async function rebuildIndex(options: {
  index: SearchBackend;
  source: DocumentSource;
  pageSize: number;
  onProgress: (done: number, total: number) => void;
  signal?: AbortSignal;
}): Promise<{ done: number }> {
  const { index, source, pageSize, onProgress, signal } = options;
  const build = await index.beginBuild();
  try {
    let done = 0;
    let pageToken = '';
    do {
      if (signal?.aborted) throw new RebuildInterrupted();
      const page = await source.listDocuments({ pageSize, pageToken });
      await build.addFromSource(page.documents);
      done += page.documents.length;
      // The source can grow while we page; never report more done than total.
      onProgress(done, Math.max(page.totalSize, done));
      pageToken = page.nextPageToken;
    } while (pageToken);
    if (signal?.aborted) throw new RebuildInterrupted();
    await build.commit();
    return { done };
  } catch (error) {
    await build.abort();
    throw error;
  }
}
