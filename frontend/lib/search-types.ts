// GET /api/search as the workspace search page reads it (generated from the BFF's OpenAPI document).
import type { components } from '@/lib/api/schema';

export type SearchHit = components['schemas']['SearchHit'];
export type SearchFacet = components['schemas']['SearchFacet'];
export type FacetField = SearchFacet['field'];
export type SearchPage = components['schemas']['SearchPage'];
