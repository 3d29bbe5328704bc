/** Generated filings written as an import directory would hold them: a text or PDF file plus a JSON sidecar. */
import fs from 'node:fs';
import path from 'node:path';
import { renderFilingPdf, type Filing } from '@docket/corpus';

function sidecarOf(filing: Filing) {
  return {
    title: filing.title,
    docketNumber: filing.docketNumber,
    filingType: filing.filingTypeNative,
    filedAt: filing.filedAt,
    filers: filing.filers,
    description: filing.description,
  };
}

/**
 * `<name>.txt` (pages separated by form feeds, as pdftotext writes them) and `<name>.txt.json`;
 * returns the bytes written.
 */
export function writeTextFiling(dir: string, name: string, filing: Filing): number {
  const text = Buffer.from(filing.pages.join('\f'));
  const sidecar = Buffer.from(JSON.stringify(sidecarOf(filing)));
  fs.writeFileSync(path.join(dir, `${name}.txt`), text);
  fs.writeFileSync(path.join(dir, `${name}.txt.json`), sidecar);
  return text.length + sidecar.length;
}

/** `<name>.pdf` rendered from the filing's pages and `<name>.pdf.json`; returns the bytes written. */
export async function writePdfFiling(dir: string, name: string, filing: Filing): Promise<number> {
  const pdf = await renderFilingPdf(filing);
  const sidecar = Buffer.from(JSON.stringify(sidecarOf(filing)));
  fs.writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  fs.writeFileSync(path.join(dir, `${name}.pdf.json`), sidecar);
  return pdf.byteLength + sidecar.length;
}
