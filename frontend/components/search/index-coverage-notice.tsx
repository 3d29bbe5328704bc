import { InfoIcon } from '@/components/icons';
import { getSearchCoverage } from '@/lib/bff.server';
import { formatNumber } from '@/lib/format';

/**
 * "Indexing: 5,821 of 20,199 documents; results may be incomplete" while the search index holds
 * fewer documents than the collection (an import or a re-index still running). Nothing otherwise,
 * and nothing when the counts cannot be had: the notice must not cost the page its results.
 */
export async function IndexCoverageNotice() {
  const coverage = await getSearchCoverage().catch(() => null);
  if (!coverage?.behind) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="index-behind">
      <InfoIcon />
      <p>
        Indexing: {formatNumber(coverage.indexed)} of {formatNumber(coverage.documents)} documents; results may be incomplete.
      </p>
    </div>
  );
}
