import { nameKey } from '@docket/query-language';
import { partyNamesOf } from '../../domain/indexed-document';
import { FACET_BUCKETS, FACET_FIELDS, type Facet, type FacetBucket, type FacetField } from '../search-backend';
import type { Dsl } from './opensearch-query';

/**
 * Facets as terms aggregations over the keyword fields, with the SQLite backend's buckets: agency by
 * source id (label: the agency's name), filing type by category (or native type), docket by its
 * normalised key (value and label: a docket number as written), year of filing, party by nameKey
 * (value and label: the name). Largest counts first, ties by key; empty values are no bucket. The
 * index has one shard, so the counts are exact. Labels come from one sample document per bucket.
 */
const FACETS: Record<FacetField, { field: string; sample?: string[] }> = {
  agency: { field: 'source_id', sample: ['source_id', 'source_name'] },
  filing_type: { field: 'type_facet' },
  docket: { field: 'docket_key', sample: ['docket_number'] },
  year: { field: 'filed_year' },
  party: { field: 'party_keys', sample: ['parties', 'filers'] },
};

export function facetAggregations(): Dsl {
  const aggregations: Dsl = {};
  for (const facet of FACET_FIELDS) {
    const { field, sample } = FACETS[facet];
    aggregations[facet] = {
      terms: {
        field,
        size: FACET_BUCKETS,
        order: [{ _count: 'desc' }, { _key: 'asc' }],
        ...(facet === 'year' ? {} : { exclude: [''] }),
      },
      ...(sample ? { aggs: { sample: { top_hits: { size: 1, _source: { includes: sample } } } } } : {}),
    };
  }
  return aggregations;
}

interface TermsBucket {
  key: string | number;
  doc_count: number;
  sample?: { hits: { hits: { _source?: SampleSource }[] } };
}

interface SampleSource {
  source_id?: string;
  source_name?: string;
  docket_number?: string;
  parties?: string[];
  filers?: string[];
}

export function readFacets(aggregations: Record<string, unknown> | undefined): Facet[] {
  return FACET_FIELDS.map((field) => {
    const buckets = ((aggregations?.[field] as { buckets?: TermsBucket[] } | undefined)?.buckets ?? []);
    return { field, buckets: buckets.map((bucket) => toBucket(field, bucket)) };
  });
}

function toBucket(field: FacetField, bucket: TermsBucket): FacetBucket {
  const key = String(bucket.key);
  const sample = bucket.sample?.hits.hits[0]?._source ?? {};
  const count = bucket.doc_count;
  switch (field) {
    case 'agency':
      return { value: key, label: sample.source_name || key, count };
    case 'docket': {
      const number = sample.docket_number?.trim() || key;
      return { value: number, label: number, count };
    }
    case 'party': {
      const names = partyNamesOf({ parties: sample.parties ?? [], filers: sample.filers ?? [] });
      const name = names.find((candidate) => nameKey(candidate) === key) ?? key;
      return { value: name, label: name, count };
    }
    default:
      return { value: key, label: key, count };
  }
}
