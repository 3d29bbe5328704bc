import { generateCatalog, generateDockets, generateFilings, renderFilingPdf } from '@docket/corpus';

// Set when the module is first required. Loaded eagerly, by an import above, it would run this factory
// before this line: the suite then fails with "Cannot access 'mockPdfLibLoaded' before initialization".
let mockPdfLibLoaded = false;
jest.mock('pdf-lib', () => {
  mockPdfLibLoaded = true;
  return jest.requireActual('pdf-lib');
});

describe('renderFilingPdf', () => {
  it('loads pdf-lib on its first PDF, not when @docket/corpus is imported', async () => {
    const catalog = generateCatalog('lazy');
    const [filing] = generateFilings('lazy', catalog, generateDockets('lazy', catalog, 2), { count: 1 });
    expect(mockPdfLibLoaded).toBe(false);
    const bytes = await renderFilingPdf(filing!);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(mockPdfLibLoaded).toBe(true);
  });
});
