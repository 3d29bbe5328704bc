import { Suspense } from 'react';
import { InfoIcon } from '@/components/icons';
import { getSearchCoverage } from '@/lib/bff.server';
import { formatNumber } from '@/lib/format';

/**
 * "Indexing: 5,821 documents searchable, 14,378 more to add; results may be incomplete" while the
 * search index has changes still to take in (an import, the default corpus loading, a re-index).
 * Nothing otherwise, and nothing when the counts cannot be had. It streams in on its own, so the
 * page's results never wait for it.
 */
export function IndexCoverageNotice() {
  return (
    <Suspense fallback={null}>
      <CoverageNotice />
    </Suspense>
  );
}

async function CoverageNotice() {
  const coverage = await getSearchCoverage().catch(() => null);
  if (!coverage?.behind) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="index-behind">
      <InfoIcon />
      <p>
        Indexing: {formatNumber(coverage.indexed)} {coverage.indexed === 1 ? 'document' : 'documents'} searchable, {formatNumber(coverage.pending)} more to add; results may be incomplete.
      </p>
    </div>
  );
}
