import { isActive, NAV_SECTIONS } from '../../components/shell/nav-items';

const item = (href: string) => NAV_SECTIONS.flatMap((s) => s.items).find((i) => i.href === href)!;

describe('isActive', () => {
  it('lights the item with the longest matching prefix only', () => {
    expect(isActive('/admin/queries/log/abc/analysis', item('/admin/queries/log'))).toBe(true);
    expect(isActive('/admin/queries/log/abc/analysis', item('/admin'))).toBe(false);
    expect(isActive('/admin', item('/admin'))).toBe(true);
    expect(isActive('/admin/users', item('/admin'))).toBe(true);
  });

  it("counts an item's other prefixes, and never a mere string prefix", () => {
    expect(isActive('/documents/d1', item('/search'))).toBe(true);
    expect(isActive('/workspaces/preview', item('/workspaces/select'))).toBe(true);
    expect(isActive('/catalog-status', item('/catalog'))).toBe(false);
  });
});
