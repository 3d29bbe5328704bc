import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '@docket/errors';
import { listFiles } from '../../../src/imports/file-import.service';

describe('listFiles', () => {
  it('walks recursively in path order and pairs each sidecar with the file it describes', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'list-files-'));
    mkdirSync(path.join(root, 'nested'));
    for (const name of [
      'a.pdf',
      'a.pdf.json',
      'b.txt',
      'b.json',
      'c.json',
      'nested/d.html',
      'nested/d.meta.json',
      '.hidden',
      'e.docx',
      'e.txt',
      'e.json',
    ]) {
      writeFileSync(path.join(root, name), 'x');
    }
    const { documents, sidecars } = await listFiles(root);
    // c.json describes nothing, so it is a document itself; e.json is ambiguous (e.docx or e.txt), so it is too.
    expect(documents).toEqual(['a.pdf', 'b.txt', 'c.json', 'e.docx', 'e.json', 'e.txt', 'nested/d.html']);
    expect(Object.fromEntries(sidecars)).toEqual({
      'a.pdf': 'a.pdf.json',
      'b.txt': 'b.json',
      'nested/d.html': 'nested/d.meta.json',
    });
  });

  it('says clearly when the path is not a directory', async () => {
    await expect(listFiles('/definitely/not/here')).rejects.toThrow(InputError);
    await expect(listFiles('/definitely/not/here')).rejects.toThrow('/definitely/not/here is not a directory');
  });
});
