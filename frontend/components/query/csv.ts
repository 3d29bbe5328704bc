// CSV for the figures' downloads (RFC 4180, pure and unit-tested).

export type CsvCell = string | number | null | undefined;

/**
 * One field: quoted when it holds a comma, quote or line break; text that a spreadsheet would run as
 * a formula is defused.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header row, then the rows; CRLF line ends as RFC 4180 asks. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file name from a title: "Filings by agency" → "filings-by-agency". */
export function fileSlug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'figure'
  );
}
