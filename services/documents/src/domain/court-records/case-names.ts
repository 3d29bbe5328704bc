import { clean } from './html-text';

/**
 * A case's name as courts' opinions write it: "et al" dropped ("Balbo v. Tilton et al" → "Balbo v.
 * Tilton") and "USA" written "United States".
 */
export function harmonizedCaseName(name: string): string {
  return (
    clean(name)
      .replace(/,?\s+et\.?\s+al\.?(?=\s+v\.?\s|$)/giu, '')
      // Only where the United States is a party, not in a company's name ("USA Waste Services, Inc.").
      .replace(/(^|\bv\.?\s+)(?:USA|U\.S\.A\.|United States of America)(?=\s+v\.?\s|$)/gu, '$1United States')
  );
}
