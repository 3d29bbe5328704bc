import type { AnalysedDocument } from '../../../../src/domain/analysis';

let next = 0;

/** A filing of docket 23-0456 at the Illinois Commerce Commission, as the index hands it to the analysis. */
export function filing(
  category: string,
  filedAt: string,
  filer: string,
  text: string,
  title = `${category} of ${filer}`,
): AnalysedDocument {
  next += 1;
  return {
    id: `doc-${next}`,
    title,
    text,
    filers: [filer],
    parties: [
      'Ameren Illinois Company',
      'Staff of the Illinois Commerce Commission',
      'Sierra Club',
      'Citizens Utility Board',
      'Illinois Industrial Energy Consumers',
    ],
    docketNumber: '23-0456',
    sourceId: 'icc',
    sourceName: 'Illinois Commerce Commission',
    filingCategory: category,
    filedAt,
  };
}
