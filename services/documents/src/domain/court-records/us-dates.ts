/** "02/06/2017", "2/6/2017" or "02/15/10" → "2017-02-06", "2010-02-15"; '' when the text holds no such day. */
export function usDate(text: string): string {
  const match = /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/u.exec(text);
  if (!match) return '';
  const [, month, day, written] = match;
  // Two-digit years are this century's up to 49 (dockets kept electronically start in the 1990s).
  const year = (written as string).length === 4 ? written : `${Number(written) < 50 ? '20' : '19'}${written}`;
  const iso = `${year}-${(month as string).padStart(2, '0')}-${(day as string).padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? '' : iso;
}
