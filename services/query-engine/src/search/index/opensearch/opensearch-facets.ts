import { FACET_BUCKETS, FACET_FIELDS, type Facet, type FacetBucket, type FacetField } from '../search-backend';
import { LABEL_SEPARATOR } from './opensearch-document';
import type { Dsl } from './opensearch-query';

/**
 * Facets as terms aggregations over the keyword fields, with the SQLite backend's buckets: agency by
 * source id (label: the agency's name), filing type by category (or native type), docket by its
 * normalised key (value and label: a docket number as written), year of filing, party by nameKey
 * (value and label: the name). Largest counts first, ties by key; empty values are no bucket. The
 * index has one shard, so the counts are exact. Labels come from one sample document per bucket,
 * read from doc values (no stored fields, no _source).
 */
const FACETS: Record<FacetField, { field: string; label?: string }> = {
  agency: { field: 'source_id', label: 'source_name' },
  filing_type: { field: 'type_facet' },
  docket: { field: 'docket_key', label: 'docket_number' },
  year: { field: 'filed_year' },
  party: { field: 'party_keys', label: 'party_labels' },
};

export function facetAggregations(): Dsl {
  const aggregations: Dsl = {};
  for (const facet of FACET_FIELDS) {
    const { field, label } = FACETS[facet];
    aggregations[facet] = {
      terms: {
        field,
        size: FACET_BUCKETS,
        order: [{ _count: 'desc' }, { _key: 'asc' }],
        ...(facet === 'year' ? {} : { exclude: [''] }),
      },
      ...(label
        ? {
            aggs: {
              sample: { top_hits: { size: 1, _source: false, stored_fields: ['_none_'], docvalue_fields: [label] } },
            },
          }
        : {}),
    };
  }
  return aggregations;
}

interface TermsBucket {
  key: string | number;
  doc_count: number;
  sample?: { hits: { hits: { fields?: Record<string, string[]> }[] } };
}

export function readFacets(aggregations: Record<string, unknown> | undefined): Facet[] {
  return FACET_FIELDS.map((field) => {
    const buckets = (aggregations?.[field] as { buckets?: TermsBucket[] } | undefined)?.buckets ?? [];
    return { field, buckets: buckets.map((bucket) => toBucket(field, bucket)) };
  });
}

function toBucket(field: FacetField, bucket: TermsBucket): FacetBucket {
  const key = String(bucket.key);
  const labelField = FACETS[field].label;
  const labels = (labelField ? bucket.sample?.hits.hits[0]?.fields?.[labelField] : undefined) ?? [];
  const count = bucket.doc_count;
  switch (field) {
    case 'agency':
      return { value: key, label: labels[0] || key, count };
    case 'docket': {
      const number = labels[0]?.trim() || key;
      return { value: number, label: number, count };
    }
    case 'party': {
      const prefix = `${key}${LABEL_SEPARATOR}`;
      const name = labels.find((pair) => pair.startsWith(prefix))?.slice(prefix.length) || key;
      return { value: name, label: name, count };
    }
    default:
      return { value: key, label: key, count };
  }
}
