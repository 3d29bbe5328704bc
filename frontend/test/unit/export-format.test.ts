import {
  downloadPath,
  exportPagePath,
  exportTargetPath,
  FORMAT_CHOICES,
  optionsFor,
  progressLabel,
  sizeLabel,
  speedLabel,
} from '@/components/exports/export-format';

describe('export words and paths', () => {
  it('offers each subject its formats, and the options that format takes', () => {
    expect(FORMAT_CHOICES.search.map((c) => c.format)).toEqual(['csv', 'xlsx', 'jsonl', 'zip']);
    expect(FORMAT_CHOICES.query.map((c) => c.format)).toEqual(['docx', 'html', 'csv', 'zip']);
    expect(FORMAT_CHOICES.workspace.map((c) => c.format)).toEqual(['zip']);
    expect(optionsFor('search', 'csv')).toEqual({ fullText: true, originalFiles: false });
    expect(optionsFor('search', 'zip')).toEqual({ fullText: true, originalFiles: true });
    expect(optionsFor('query', 'docx')).toEqual({ fullText: false, originalFiles: false });
    expect(optionsFor('workspace', 'zip')).toEqual({ fullText: true, originalFiles: true });
  });

  it('says progress with its unit, and speed and time left only when known', () => {
    const progress = { unit: 'rows', done: 1200, total: 5000, perSecond: 850.4, secondsLeft: 75 };
    expect(progressLabel(progress)).toBe('1,200 of 5,000 rows');
    expect(progressLabel({ ...progress, total: 0 })).toBe('1,200 rows');
    expect(speedLabel(progress)).toBe('850 rows/s · about 1 min 15 s left');
    expect(speedLabel({ ...progress, perSecond: null, secondsLeft: null })).toBe('');
    expect(speedLabel({ ...progress, unit: 'files', secondsLeft: 0 })).toBe('850 files/s · finishing');
  });

  it('gives a size only for a file that exists', () => {
    expect(sizeLabel({ status: 'succeeded', size: 2048 })).toBe('2.0 KB');
    expect(sizeLabel({ status: 'running', size: 0 })).toBe('—');
  });

  it('builds the export pages and the stable download address, encoded', () => {
    expect(exportTargetPath('ws 1', null)).toBe('/export/workspace/ws%201');
    expect(exportTargetPath('ws1', 'r/2')).toBe('/export/workspace/ws1/request/r%2F2');
    expect(exportPagePath({ id: 'e1', workspaceId: 'ws1', requestId: 'r2' })).toBe(
      '/export/workspace/ws1/request/r2?export=e1',
    );
    expect(downloadPath('e 1')).toBe('/api/exports/e%201/download');
  });
});
