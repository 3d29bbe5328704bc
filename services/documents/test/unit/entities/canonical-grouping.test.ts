import {
  canonicalEntityKey,
  DEFAULT_DOCKET_PATTERNS,
  extractEntities,
  groupMentions,
  type EntityMention,
} from '../../../src/domain/entities';

describe('canonicalEntityKey', () => {
  it('treats corporate suffix variants, "&"/"and", punctuation, case and a leading "The" as the same', () => {
    const key = (text: string) => canonicalEntityKey('organisation', text);
    expect(key('Northern Natural Gas Co.')).toBe(key('Northern Natural Gas Company'));
    expect(key('Acme Corp.')).toBe(key('ACME CORPORATION'));
    expect(key('Acme Inc')).toBe(key('Acme, Inc.'));
    expect(key('Ridgeline Energy Marketing, L.L.C.')).toBe(key('Ridgeline Energy Marketing LLC'));
    expect(key('Granite State Power & Light Co.')).toBe(key('Granite State Power and Light Company'));
    expect(key('The Evergreen Group, Inc.')).toBe(key('Evergreen Group Inc'));
    expect(key('Acme Co.')).not.toBe(key('Acme Corp.'));
  });

  it('maps agency abbreviations and short forms to the full name', () => {
    const ferc = canonicalEntityKey('agency', 'Federal Energy Regulatory Commission');
    expect(canonicalEntityKey('agency', 'FERC')).toBe(ferc);
    expect(canonicalEntityKey('agency', 'the Federal Energy Regulatory Commission')).toBe(ferc);
    expect(canonicalEntityKey('agency', 'FEDERAL ENERGY REGULATORY COMMISSION')).toBe(ferc);
    expect(canonicalEntityKey('agency', 'U.S. Department of Energy')).toBe(canonicalEntityKey('agency', 'DOE'));
    expect(canonicalEntityKey('agency', 'D.C. Cir.')).toBe(
      canonicalEntityKey('agency', 'United States Court of Appeals for the District of Columbia Circuit'),
    );
  });

  it('ignores titles and case for people, and spacing for dockets', () => {
    expect(canonicalEntityKey('person', 'ELAINE M. FORSYTHE')).toBe(canonicalEntityKey('person', 'Elaine M. Forsythe'));
    expect(canonicalEntityKey('person', "James O'Neill Jr.")).toBe(canonicalEntityKey('person', "James O'Neill"));
    expect(canonicalEntityKey('docket', 'er24-1234-000')).toBe(canonicalEntityKey('docket', 'ER24-1234-000'));
  });
});

describe('groupMentions', () => {
  const mention = (kind: EntityMention['kind'], text: string): EntityMention => ({
    kind,
    text,
    start: 0,
    end: text.length,
    canonical: canonicalEntityKey(kind, text),
  });

  it('merges aliases into one entity named by its most frequent, then longest, form', () => {
    const grouped = groupMentions([
      mention('agency', 'FERC'),
      mention('agency', 'Federal Energy Regulatory Commission'),
      mention('agency', 'FERC'),
      mention('organisation', 'Northern Natural Gas Co.'),
      mention('organisation', 'Northern Natural Gas Company'),
    ]);
    expect(grouped).toEqual([
      {
        kind: 'agency',
        canonical: 'federal energy regulatory commission',
        canonicalName: 'FERC',
        aliases: ['Federal Energy Regulatory Commission'],
        count: 3,
      },
      {
        kind: 'organisation',
        canonical: 'northern natural gas company',
        canonicalName: 'Northern Natural Gas Company',
        aliases: ['Northern Natural Gas Co.'],
        count: 2,
      },
    ]);
  });

  it('joins a surname to the one full name that ends in it, not when two do', () => {
    const one = groupMentions([mention('person', 'David M. Kessler'), mention('person', 'Kessler')]);
    expect(one).toEqual([
      {
        kind: 'person',
        canonical: 'david m kessler',
        canonicalName: 'David M. Kessler',
        aliases: ['Kessler'],
        count: 2,
      },
    ]);
    const two = groupMentions([
      mention('person', 'David Kessler'),
      mention('person', 'Ann Kessler'),
      mention('person', 'Kessler'),
    ]);
    expect(two).toHaveLength(3);
  });

  it('groups what extractEntities finds in a filing', () => {
    const text =
      'Cascadia Gas and Electric Company (CG&E) asks FERC to act. ' +
      'The Federal Energy Regulatory Commission agrees that Cascadia Gas & Electric Co. and CG&E are one company. ' +
      'Witness David M. Kessler says so; Mr. Kessler repeats it.';
    const grouped = groupMentions(extractEntities(text, { docketPatterns: DEFAULT_DOCKET_PATTERNS }));
    const byKind = (kind: string) => grouped.filter((g) => g.kind === kind);
    expect(byKind('organisation')).toEqual([
      expect.objectContaining({
        canonicalName: 'CG&E',
        count: 4,
        aliases: ['Cascadia Gas and Electric Company', 'Cascadia Gas & Electric Co.'],
      }),
    ]);
    expect(byKind('agency')).toEqual([expect.objectContaining({ count: 2 })]);
    expect(byKind('person')).toEqual([
      expect.objectContaining({ canonicalName: 'David M. Kessler', aliases: ['Kessler'], count: 2 }),
    ]);
  });
});
