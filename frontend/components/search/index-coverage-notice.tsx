import { InfoIcon } from '@/components/icons';
import { getSearchCoverage } from '@/lib/bff.server';
import { formatNumber } from '@/lib/format';

/**
 * "Indexing: 5,821 documents searchable, 14,378 more to add; results may be incomplete" while the
 * search index has changes still to take in (an import, the default corpus loading, a re-index).
 * Nothing otherwise, and nothing when the counts cannot be had. The counts are the query-engine's
 * own (its index and its indexer's Kafka lag): a few milliseconds, whatever the corpus's size.
 */
export async function IndexCoverageNotice() {
  const coverage = await getSearchCoverage().catch(() => null);
  if (!coverage?.behind) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="index-behind">
      <InfoIcon />
      <p>
        Indexing: {formatNumber(coverage.indexed)} {coverage.indexed === 1 ? 'document' : 'documents'} searchable,{' '}
        {formatNumber(coverage.pending)} more to add; results may be incomplete.
      </p>
    </div>
  );
}
