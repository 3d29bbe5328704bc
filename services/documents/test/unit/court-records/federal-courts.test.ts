import { courtName, districtCourtId } from '../../../src/domain/court-records/federal-courts';

describe('the federal courts table', () => {
  it.each([
    ['California Northern District (San Francisco)', false, 'cand'],
    ['SOUTHERN DISTRICT OF TEXAS (Corpus Christi)', false, 'txsd'],
    ['District of New Jersey [LIVE] (Newark)', false, 'njd'],
    ['Eastern District of California - Live System (Fresno)', false, 'caed'],
    ['Alaska (Anchorage)', true, 'akb'],
    ['NORTH DAKOTA (Fargo)', true, 'ndb'],
    ['Western District of North Carolina (Asheville)', true, 'ncwb'],
    ['West Virginia Southern District', false, 'wvsd'],
  ])('reads %j as %s', (line, bankruptcy, id) => {
    expect(districtCourtId(line, bankruptcy)).toBe(id);
  });

  it('names a court in full, and knows no court it does not have', () => {
    expect(courtName('cand')).toBe('U.S. District Court for the Northern District of California');
    expect(courtName('nysb')).toBe('U.S. Bankruptcy Court for the Southern District of New York');
    expect(courtName('ca9')).toBe('U.S. Court of Appeals for the Ninth Circuit');
    expect(courtName('cit')).toBe('U.S. Court of International Trade');
    expect(courtName('xxd')).toBe('');
    expect(districtCourtId('California (Sacramento)', false)).toBe('');
  });
});
