import { ConflictError, InputError, NotAllowedError, NotFoundError } from '@docket/errors';
import { emptySearchFilters, MAX_FILTER_VALUES, type SearchFilters } from '../../src/domain/search-filters';
import {
  authorise,
  can,
  MAX_MEMBERS,
  parseRole,
  validateSettings,
  withMember,
  withoutMember,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
} from '../../src/domain/workspace';

const at = new Date('2025-03-01T10:00:00Z');
const member = (userId: string, role: WorkspaceRole): WorkspaceMember => ({ userId, role, addedAt: at });

/** The error `fn` throws; fails the test when it throws nothing. */
function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function workspace(...members: WorkspaceMember[]): Workspace {
  return {
    id: 'ws-1',
    name: 'Rate cases',
    description: '',
    defaultFilters: emptySearchFilters(),
    members,
    createdBy: members[0]?.userId ?? '',
    createdAt: at,
    updatedAt: at,
    requestCount: 0,
  };
}

describe('workspace roles', () => {
  it.each([
    ['owner', ['read', 'run', 'edit', 'manage_members', 'delete']],
    ['editor', ['read', 'run', 'edit']],
    ['viewer', ['read']],
  ] as const)('%s may %j and nothing else', (role, allowed) => {
    for (const action of ['read', 'run', 'edit', 'manage_members', 'delete'] as const) {
      expect(can(role, action)).toBe((allowed as readonly string[]).includes(action));
    }
  });

  it('tells a non-member the workspace does not exist, whatever they ask', () => {
    const ws = workspace(member('alice', 'owner'));
    for (const action of ['read', 'run', 'edit', 'manage_members', 'delete'] as const) {
      expect(() => authorise(ws, 'mallory', action)).toThrow(NotFoundError);
    }
  });

  it('lets an administrator read (with no role) but not run or change a workspace they are not in', () => {
    const ws = workspace(member('alice', 'owner'));
    expect(authorise(ws, 'root', 'read', { asAdmin: true })).toBeUndefined();
    expect(() => authorise(ws, 'root', 'run', { asAdmin: true })).toThrow(NotFoundError);
    expect(() => authorise(ws, 'root', 'edit', { asAdmin: true })).toThrow(NotFoundError);
    expect(() => authorise(ws, 'root', 'delete', { asAdmin: true })).toThrow(NotFoundError);
  });

  it('lets only owners delete a workspace', () => {
    const ws = workspace(member('alice', 'owner'), member('eve', 'editor'), member('victor', 'viewer'));
    expect(authorise(ws, 'alice', 'delete')).toBe('owner');
    expect(() => authorise(ws, 'eve', 'delete')).toThrow("only the workspace's owners can delete it");
    expect(() => authorise(ws, 'victor', 'delete')).toThrow(NotAllowedError);
  });

  it('refuses a viewer running a search with a reason that says what to do', () => {
    const ws = workspace(member('alice', 'owner'), member('victor', 'viewer'));
    expect(authorise(ws, 'victor', 'read')).toBe('viewer');
    expect(() => authorise(ws, 'victor', 'run')).toThrow(NotAllowedError);
    expect(() => authorise(ws, 'victor', 'run')).toThrow(/ask an owner to make you an editor/);
  });

  it('parses roles and names the field when a role is unknown', () => {
    expect(parseRole('editor')).toBe('editor');
    expect(() => parseRole('admin')).toThrow(InputError);
    expect(caught(() => parseRole('', 'members.0.role'))).toMatchObject({
      issues: [{ path: 'members.0.role', message: 'must be one of owner, editor, viewer' }],
    });
  });
});

describe('workspace members', () => {
  it('lets an owner add a member, change their role, and keeps the others untouched', () => {
    const ws = workspace(member('alice', 'owner'));
    const added = withMember(ws, 'alice', 'bob', 'viewer', new Date('2025-04-01T00:00:00Z'));
    expect(added).toEqual([
      member('alice', 'owner'),
      { userId: 'bob', role: 'viewer', addedAt: new Date('2025-04-01T00:00:00Z') },
    ]);
    const promoted = withMember({ ...ws, members: added }, 'alice', 'bob', 'editor', at);
    expect(promoted[1]).toEqual({ userId: 'bob', role: 'editor', addedAt: new Date('2025-04-01T00:00:00Z') });
  });

  it('returns the same members when the role does not change', () => {
    const ws = workspace(member('alice', 'owner'), member('bob', 'editor'));
    expect(withMember(ws, 'alice', 'bob', 'editor', at)).toBe(ws.members);
  });

  it('refuses members management to editors and viewers', () => {
    const ws = workspace(member('alice', 'owner'), member('bob', 'editor'), member('carol', 'viewer'));
    expect(() => withMember(ws, 'bob', 'dave', 'viewer', at)).toThrow(NotAllowedError);
    expect(() => withMember(ws, 'carol', 'carol', 'owner', at)).toThrow(NotAllowedError);
    expect(() => withoutMember(ws, 'bob', 'carol')).toThrow(NotAllowedError);
  });

  it('never demotes or removes the last owner, but does once there is another', () => {
    const ws = workspace(member('alice', 'owner'), member('bob', 'editor'));
    expect(() => withMember(ws, 'alice', 'alice', 'editor', at)).toThrow(ConflictError);
    expect(() => withoutMember(ws, 'alice', 'alice')).toThrow(/the last owner cannot be removed/);
    const twoOwners = { ...ws, members: withMember(ws, 'alice', 'bob', 'owner', at) };
    expect(withMember(twoOwners, 'bob', 'alice', 'viewer', at).find((m) => m.userId === 'alice')?.role).toBe('viewer');
    expect(withoutMember(twoOwners, 'alice', 'alice').map((m) => m.userId)).toEqual(['bob']);
  });

  it('lets any member leave, and says so when the one to remove is not a member', () => {
    const ws = workspace(member('alice', 'owner'), member('carol', 'viewer'));
    expect(withoutMember(ws, 'carol', 'carol').map((m) => m.userId)).toEqual(['alice']);
    expect(() => withoutMember(ws, 'alice', 'zed')).toThrow(NotFoundError);
  });

  it('caps the number of members', () => {
    const many = [
      member('alice', 'owner'),
      ...Array.from({ length: MAX_MEMBERS - 1 }, (_, i) => member(`u${i}`, 'viewer')),
    ];
    expect(() => withMember(workspace(...many), 'alice', 'one-more', 'viewer', at)).toThrow(InputError);
  });
});

describe('workspace settings', () => {
  it('trims the name and description and collapses inner whitespace in the name', () => {
    expect(validateSettings({ name: '  Rate   cases  ', description: ' Western utilities \n' })).toEqual({
      name: 'Rate cases',
      description: 'Western utilities',
      defaultFilters: emptySearchFilters(),
    });
  });

  it('accepts names of 1 and 100 characters and refuses 0 and 101, naming the field', () => {
    expect(validateSettings({ name: 'x', description: '' }).name).toBe('x');
    expect(validateSettings({ name: 'x'.repeat(100), description: '' }).name).toHaveLength(100);
    const issuesOf = (name: string) => (caught(() => validateSettings({ name, description: '' })) as InputError).issues;
    expect(issuesOf('   ')).toEqual([{ path: 'name', message: 'must not be empty' }]);
    expect(issuesOf('x'.repeat(101))).toEqual([{ path: 'name', message: 'must be at most 100 characters' }]);
  });

  it('reports every problem at once, filters included', () => {
    const error = caught(() =>
      validateSettings({
        name: '',
        description: 'd'.repeat(2001),
        defaultFilters: { filedFrom: '2024-13-01', filedTo: '' },
      }),
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).issues.map((i) => i.path)).toEqual([
      'name',
      'description',
      'default_filters.filed_from',
    ]);
  });
});

describe("workspace default filters (the search filters' own rules)", () => {
  const settings = (defaultFilters: Partial<SearchFilters>) =>
    validateSettings({ name: 'Rate cases', description: '', defaultFilters });
  const issuesOf = (defaultFilters: Partial<SearchFilters>) => {
    try {
      settings(defaultFilters);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as InputError).issues;
    }
  };

  it('trims values, drops blanks and repeats by the key searches match on, keeping the first spelling', () => {
    const { defaultFilters } = settings({
      agencies: [' ferc ', '', 'FERC', 'puc-ca'],
      dockets: ['ER24-1 ', 'er24 1'],
      parties: ['Pacific  Gas and Electric'],
    });
    expect(defaultFilters).toEqual({
      ...emptySearchFilters(),
      agencies: ['ferc', 'puc-ca'],
      dockets: ['ER24-1'],
      parties: ['Pacific Gas and Electric'],
    });
  });

  it('names the value that is too long or has no letter or digit by its position, and the too-long list', () => {
    expect(
      issuesOf({
        parties: ['ok', 'p'.repeat(201), '--'],
        filingTypes: Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `type ${i}`),
      }),
    ).toEqual([
      { path: 'default_filters.filing_types', message: 'must have at most 50 values' },
      { path: 'default_filters.parties[1]', message: 'must be at most 200 characters' },
      { path: 'default_filters.parties[2]', message: 'must contain a letter or digit, got "--"' },
    ]);
  });

  it('accepts open-ended and closed ranges of real days', () => {
    expect(issuesOf({ filedFrom: '2024-02-29' })).toEqual([]);
    expect(issuesOf({ filedTo: '2024-12-31' })).toEqual([]);
    expect(issuesOf({ filedFrom: '2024-01-01', filedTo: '2024-01-01' })).toEqual([]);
  });

  it('refuses dates that are not real days or not YYYY-MM-DD, and a range that ends before it starts', () => {
    expect(issuesOf({ filedFrom: '2100-02-29', filedTo: '01/02/2024' })).toEqual([
      { path: 'default_filters.filed_from', message: 'must be a date written YYYY-MM-DD, got "2100-02-29"' },
      { path: 'default_filters.filed_to', message: 'must be a date written YYYY-MM-DD, got "01/02/2024"' },
    ]);
    expect(issuesOf({ filedFrom: '2024-04-31' })).toEqual([
      { path: 'default_filters.filed_from', message: 'must be a date written YYYY-MM-DD, got "2024-04-31"' },
    ]);
    expect(issuesOf({ filedFrom: '2024-06-30', filedTo: '2024-01-01' })).toEqual([
      { path: 'default_filters.filed_to', message: 'must not be before filed_from (2024-06-30)' },
    ]);
  });
});
