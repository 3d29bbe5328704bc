import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { recogniseFile, UNRECOGNISED } from '../../src/imports/file-recognition';

// Which imported files the court-record recognisers read, and why a file was not read as one: the
// reason goes with the document the file becomes.

const logger = pino({ level: 'silent' });
const root = mkdtempSync(path.join(os.tmpdir(), 'file-recognition-'));

function file(name: string, text: string, hasSidecar = false) {
  const absolute = path.join(root, name);
  writeFileSync(absolute, text);
  return { relative: name, absolute, size: Buffer.byteLength(text), hasSidecar };
}

const LISTING = [
  '<html><body><h1>Opinions</h1><table>',
  '<tr><td>03/14/2023</td><td>22-0417</td><td>Alder v. Birch</td><td><a href="/o/22-0417.pdf">PDF</a></td></tr>',
  '<tr><td>03/10/2023</td><td>21-1188</td><td>In re Cedar</td><td><a href="/o/21-1188.pdf">PDF</a>' +
    '</td></tr></table></body></html>',
].join('\n');

test('a listing page with an opinion mark is read in a thread', async () => {
  const recognition = await recogniseFile(file('opinions.html', LISTING), logger);
  expect(recognition.record).toMatchObject({
    kind: 'opinions',
    opinions: [{ caseName: 'Alder v. Birch' }, { caseName: 'In re Cedar' }],
  });
  expect(recognition.unrecognised).toBeUndefined();
  expect(recognition.bytes?.toString()).toBe(LISTING);
});

test('says why a file was not read as a court record', async () => {
  expect(await recogniseFile(file('listing.html', LISTING, true), logger)).toEqual({
    unrecognised: UNRECOGNISED.sidecar,
  });
  expect(await recogniseFile(file('order.txt', 'Opinions: Alder v. Birch; Cedar v. Dogwood.'), logger)).toEqual({
    unrecognised: UNRECOGNISED.notClaimable,
  });
  const plain = await recogniseFile(
    file('comments.html', '<html><body><p>Comments of Staff on the revenue requirement.</p></body></html>'),
    logger,
  );
  expect(plain).toMatchObject({ unrecognised: UNRECOGNISED.noMark });
  expect(plain.bytes).toBeDefined(); // read once: the same bytes are stored
  const order =
    '<html><body><h1>Order</h1><p>Our decision follows: the <a href="/c">comments</a> of ' +
    'January 5, 2025 are noted.</p></body></html>';
  expect(await recogniseFile(file('order.html', order), logger)).toMatchObject({
    unrecognised: UNRECOGNISED.nothingRead,
  });
});

test('a recogniser that does not answer in time is given up', async () => {
  expect(await recogniseFile(file('slow.html', LISTING), logger, 0)).toMatchObject({
    unrecognised: UNRECOGNISED.timedOut,
  });
});
