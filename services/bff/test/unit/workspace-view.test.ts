import {
  peopleIn,
  permissionsOf,
  toApiPath,
  toDetailView,
  toSummaryView,
  type WorkspaceRecord,
} from '../../src/workspaces/workspace-view';

const record: WorkspaceRecord = {
  id: 'ws-1',
  name: 'Rates',
  description: '',
  createdBy: 'u-1',
  defaultFilters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: null, filedTo: null },
  members: [
    { userId: 'u-3', role: 'viewer', addedAt: null },
    { userId: 'u-2', role: 'editor', addedAt: null },
    { userId: 'u-4', role: 'owner', addedAt: null },
    { userId: 'u-1', role: 'owner', addedAt: null },
  ],
  createdAt: null,
  updatedAt: null,
  lastUsedAt: null,
  requestCount: 3,
};

describe('workspace views', () => {
  it('renames the query-engine field paths to the JSON body paths', () => {
    expect(toApiPath('default_filters.filed_to')).toBe('defaultFilters.filedTo');
    expect(toApiPath('default_filters.parties[12]')).toBe('defaultFilters.parties.12');
    expect(toApiPath('name')).toBe('name');
  });

  it('derives what each role may do', () => {
    expect(permissionsOf('owner')).toEqual({ run: true, edit: true, manageMembers: true, delete: true });
    expect(permissionsOf('editor')).toEqual({ run: true, edit: true, manageMembers: false, delete: false });
    expect(permissionsOf('viewer')).toEqual({ run: false, edit: false, manageMembers: false, delete: false });
    expect(permissionsOf(null)).toEqual({ run: false, edit: false, manageMembers: false, delete: false });
  });

  it('lists owners, editors, then viewers, by name, and shows unknown accounts without a name', () => {
    const people = new Map([
      ['u-1', { id: 'u-1', name: 'Zoe', email: 'zoe@x', active: true }],
      ['u-4', { id: 'u-4', name: 'Adam', email: 'adam@x', active: true }],
      ['u-2', { id: 'u-2', name: 'Eve', email: 'eve@x', active: false }],
    ]);
    const view = toDetailView(record, 'owner', people);
    expect(view.members.map((m) => [m.userId, m.role, m.name])).toEqual([
      ['u-4', 'owner', 'Adam'],
      ['u-1', 'owner', 'Zoe'],
      ['u-2', 'editor', 'Eve'],
      ['u-3', 'viewer', ''],
    ]);
    expect(view.members[2]!.active).toBe(false);
    expect(view.createdBy).toEqual({ id: 'u-1', name: 'Zoe', email: 'zoe@x', active: true });
  });

  it('summarises with the member count and no member list', () => {
    const summary = toSummaryView(record, 'viewer');
    expect(summary).toMatchObject({ memberCount: 4, role: 'viewer', requestCount: 3 });
    expect(summary).not.toHaveProperty('members');
    expect(summary).not.toHaveProperty('createdBy');
  });

  it('collects the people a view needs once each', () => {
    const requests = [{ userId: 'u-9' }, { userId: 'u-1' }, { userId: '' }] as never[];
    expect(peopleIn(record, requests).sort()).toEqual(['u-1', 'u-2', 'u-3', 'u-4', 'u-9']);
  });
});
