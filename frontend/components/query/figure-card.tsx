'use client';

import { toPng } from 'html-to-image';
import { useRef, useState, type ReactNode } from 'react';
import { fileSlug, toCsv, type CsvCell } from './csv';
import styles from './query.module.css';
import { useHydrated } from './use-hydrated';

function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * A chart or table with its two downloads: PNG (the card as drawn, via html-to-image) and CSV (the
 * numbers behind it). The buttons themselves are left out of the picture.
 */
export function FigureCard({
  title,
  description,
  csv,
  testId,
  children,
}: {
  title: string;
  description?: string;
  csv: { header: string[]; rows: CsvCell[][] };
  testId: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const slug = fileSlug(title);

  const downloadPng = async () => {
    if (!ref.current) return;
    setBusy(true);
    setError(null);
    try {
      const dataUrl = await toPng(ref.current, {
        backgroundColor: '#ffffff',
        pixelRatio: 2,
        filter: (node) => !(node instanceof HTMLElement && node.dataset.exportSkip === 'true'),
      });
      download(dataUrl, `${slug}.png`);
    } catch {
      setError('The picture could not be made in this browser; the CSV has the same numbers.');
    } finally {
      setBusy(false);
    }
  };

  const downloadCsv = () => {
    // A byte-order mark so spreadsheet programs read the file as UTF-8.
    const blob = new Blob(['\uFEFF', toCsv(csv.header, csv.rows)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    download(url, `${slug}.csv`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <section ref={ref} className={`card ${styles.figure}`} aria-label={title} data-testid={testId}>
      <div className="card-header">
        <div>
          <h3 className={styles.figureTitle}>{title}</h3>
          {description ? <p>{description}</p> : null}
        </div>
        <div className={styles.downloads} data-export-skip="true">
          <button
            type="button"
            className="btn btn-sm"
            onClick={downloadPng}
            disabled={busy || !hydrated}
            data-testid={`${testId}-png`}
            aria-label={`Download ${title} as PNG`}
          >
            {busy ? 'Preparing…' : 'PNG'}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            onClick={downloadCsv}
            disabled={!hydrated}
            data-testid={`${testId}-csv`}
            aria-label={`Download ${title} as CSV`}
          >
            CSV
          </button>
        </div>
      </div>
      <div className="card-body">
        {error ? (
          <p className="field-error" role="alert" data-export-skip="true">
            {error}
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}
