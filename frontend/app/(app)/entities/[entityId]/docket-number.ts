/** Whether two docket numbers are the same, ignoring spaces and case. */
export function sameDocketNumber(a: string, b: string): boolean {
  return a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();
}
