import type { EntityMention, GroupedEntity } from './entity-mention';

/**
 * The grouping key of each mention, in order: its canonical key, except that a surname alone
 * ("Kessler") takes the key of the one full name of that kind ending in it, when there is exactly one.
 */
export function groupingKeys(mentions: readonly EntityMention[]): string[] {
  const personKeys = new Set(mentions.filter((m) => m.kind === 'person').map((m) => m.canonical));
  const surnameOwner = new Map<string, string | null>();
  for (const key of personKeys) {
    const words = key.split(' ');
    if (words.length < 2) continue;
    const surname = words[words.length - 1] as string;
    surnameOwner.set(surname, surnameOwner.has(surname) ? null : key);
  }
  return mentions.map((m) =>
    m.kind === 'person' && !m.canonical.includes(' ') ? (surnameOwner.get(m.canonical) ?? m.canonical) : m.canonical,
  );
}

/**
 * Merges mentions into entities by kind and grouping key (see groupingKeys). The name shown is the
 * most frequent surface form (the longest on a tie); the other forms are aliases.
 */
export function groupMentions(mentions: EntityMention[]): GroupedEntity[] {
  const keys = groupingKeys(mentions);
  const groups = new Map<string, { kind: EntityMention['kind']; canonical: string; forms: Map<string, number> }>();
  for (const [index, mention] of mentions.entries()) {
    const canonical = keys[index] as string;
    const id = `${mention.kind}\u0000${canonical}`;
    const group = groups.get(id) ?? { kind: mention.kind, canonical, forms: new Map<string, number>() };
    group.forms.set(mention.text, (group.forms.get(mention.text) ?? 0) + 1);
    groups.set(id, group);
  }

  return [...groups.values()].map(({ kind, canonical, forms }) => {
    const ranked = [...forms.entries()].sort(
      ([a, countA], [b, countB]) => countB - countA || b.length - a.length || a.localeCompare(b),
    );
    const [canonicalName = ''] = ranked[0] ?? [];
    return {
      kind,
      canonical,
      canonicalName,
      aliases: ranked.slice(1).map(([form]) => form),
      count: ranked.reduce((sum, [, count]) => sum + count, 0),
    };
  });
}
