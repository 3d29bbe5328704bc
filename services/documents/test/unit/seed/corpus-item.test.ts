import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { corpusItem, corpusShiftMs } from '../../../src/seed/corpus.seeder';

const DAY = 86_400_000;
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

describe('corpusItem', () => {
  it("takes the filing date its own text states, moved with the corpus, minus the generator's statements", async () => {
    const seed = 'corpus-item-test';
    const catalog = generateCatalog(seed);
    const dockets = generateDockets(seed, catalog, 40);
    const shiftMs = corpusShiftMs(new Date('2027-03-15T10:00:00Z'));
    expect(shiftMs % DAY).toBe(0);
    expect(shiftMs).toBeGreaterThan(0);
    const filings = [...generateFilings(seed, catalog, dockets, { count: 200, pdfShare: 0, shiftDays: shiftMs / DAY })];
    const byNumber = new Map(dockets.map((docket) => [`${docket.sourceId}|${docket.number}`, docket]));
    let dated = 0;
    for (const filing of filings) {
      const docket = byNumber.get(`${filing.sourceId}|${filing.docketNumber}`);
      const item = await corpusItem(filing, docket, shiftMs, 'run-1');
      expect(item.filedAt?.toISOString()).toBe(filing.filedAt);
      expect(item.docketOpenedAt?.getTime()).toBe(Date.parse(docket!.openedAt) + shiftMs);
      expect(item).not.toHaveProperty('statements');
      const day = item.filedAt!;
      const written = `${months[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
      for (const match of filing.pages.join('\n').matchAll(/(?:Dated:?|Issued:) ([A-Z][a-z]+ \d{1,2}, \d{4})/g)) {
        expect(match[1]).toBe(written);
        dated++;
      }
    }
    expect(dated).toBeGreaterThan(20);
  });
});
