// Agency filters hold source ids ("il-icc"); pages show the names people know (ICC, FERC).
import { cache } from 'react';
import { listSources } from './bff.server';

/** Source id → its short name (or name). Deduplicated per request. */
export const getAgencyNames = cache(async (): Promise<Record<string, string>> =>
  Object.fromEntries((await listSources()).map((source) => [source.id, source.shortName || source.name])),
);
