import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { detectLanguage, looksEnglish } from '../../../src/extraction/language-detection';

const ENGLISH = [
  'BEFORE THE PENNSYLVANIA PUBLIC UTILITY COMMISSION. In the Matter of the ' +
    'Annual Gas Supply Plan of Keystone Natural Gas Co.',
  'Staff of the Commission recommends that the purchased gas adjustment be addressed in a separate phase of ' +
    'this proceeding. In discovery,',
  'the Company reported 12,692 Grade 1 leaks. Staff respectfully submits these comments pursuant to the ' +
    'ruling of the Administrative Law',
  'Judge, and asks that the Commission direct the Company to file a revised plan which shall ' +
    'include the costs it has incurred.',
].join('\n');
// Plain ASCII, without accents, so only the words tell them apart.
const DUTCH = [
  'De commissie heeft het voorstel van de netbeheerder over de tarieven voor het komende jaar ' +
    'beoordeeld en is van oordeel dat de',
  'kosten van het onderhoud van het net niet volledig in de tarieven mogen worden verwerkt. ' +
    'Het besluit treedt in werking op de dag na',
  'publicatie en de netbeheerder moet binnen zes weken een nieuw voorstel indienen met een overzicht ' +
    'van de kosten per aansluiting.',
].join('\n');
const GERMAN_WITH_ENGLISH_NAMES = [
  'Die Bundesnetzagentur hat den Antrag der Stadtwerke auf Genehmigung der Netzentgelte geprueft. Der Antrag der',
  'Public Service Company wurde im Verfahren zur Festlegung der Erloesobergrenze fuer die dritte ' +
    'Regulierungsperiode gestellt und die',
  'Behoerde hat entschieden, dass die Kosten fuer den Ausbau des Netzes nur teilweise anerkannt werden ' +
    'koennen, weil die Unterlagen fehlen.',
].join('\n');

describe('language detection', () => {
  it('recognises English filings by their function words', () => {
    expect(looksEnglish(ENGLISH)).toBe(true);
    expect(detectLanguage(ENGLISH)).toBe('en');
  });

  it('leaves other languages to the detector, also when they are plain ASCII or name English companies', () => {
    expect(looksEnglish(DUTCH)).toBe(false);
    expect(detectLanguage(DUTCH)).toBe('nl');
    expect(looksEnglish(GERMAN_WITH_ENGLISH_NAMES)).toBe(false);
    expect(detectLanguage(GERMAN_WITH_ENGLISH_NAMES)).toBe('de');
    expect(
      looksEnglish("La commission a approuvé l'accord de règlement déposé par le distributeur et les intervenants."),
    ).toBe(false);
  });

  it('takes the short path for every generated filing (the default corpus is English)', () => {
    const catalog = generateCatalog('language-test');
    const dockets = generateDockets('language-test', catalog, 20);
    const filings = [...generateFilings('language-test', catalog, dockets, { count: 200, pdfShare: 0 })];
    const missed = filings
      .filter((filing) => !looksEnglish(filing.pages.join('\n').slice(0, 1500)))
      .map((filing) => filing.title);
    expect(missed).toEqual([]);
  });
});
