export function isoOrNull(date: Date | undefined): string | null {
  return date ? date.toISOString() : null;
}
