import { InputError } from '@docket/errors';
import type { SourceDefinition } from './source.types';

/**
 * The source of uploaded and imported files that name none. It is defined at start with the other
 * built-in sources; the ingestion pipeline also defines it when missing, as it is the only source a
 * user's input may bring into being.
 */
export const UPLOADS_SOURCE: SourceDefinition = {
  id: 'uploads',
  name: 'Uploaded and imported files',
  shortName: 'Files',
  kind: 'upload',
  jurisdiction: 'Any',
  state: '',
  homeUrl: '',
  docketPattern: '',
  publishesNativeFilingTypes: false,
  industries: [],
  filingTypes: [],
};

/** How many known source ids an error lists (a catalog may hold hundreds). */
export const KNOWN_SOURCES_LISTED = 30;
const SHOWN_ID_MAX = 80;

/**
 * A document named a source that does not exist. Sources are created by administrators (or defined by
 * connectors and the seeder), never by a document naming one: a typo or a probe would otherwise appear
 * as an agency in everyone's filters. The message lists the known ids so the caller can correct it.
 */
export class UnknownSourceError extends InputError {
  constructor(
    readonly sourceId: string,
    /** The field that named it: `sourceId`, `sidecar.sourceId`. */
    path: string,
    known: { ids: string[]; total: number },
  ) {
    const listing = knownSourcesListing(known);
    super(`unknown source ${shownId(sourceId)}; ${listing}; administrators add sources on the catalog page`, [
      { path, message: `must name a known source (${listing})` },
    ]);
  }
}

/** `known sources: a, b, c` or `known sources: a, …, z and 12 more`. */
export function knownSourcesListing({ ids, total }: { ids: string[]; total: number }): string {
  if (total === 0) return 'no sources are defined yet';
  const shown = ids.slice(0, KNOWN_SOURCES_LISTED);
  const more = total - shown.length;
  return `known sources: ${shown.join(', ')}${more > 0 ? ` …and ${more} more` : ''}`;
}

/** Quoted and escaped (control characters, quotes), and cut: the id is the caller's, echoed back. */
function shownId(id: string): string {
  return JSON.stringify(id.length > SHOWN_ID_MAX ? `${id.slice(0, SHOWN_ID_MAX)}…` : id);
}
