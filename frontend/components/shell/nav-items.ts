// Every area of DESIGN.md §1. Areas that later issues build render a "not available yet" notice.
export type NavIcon =
  'search' | 'book' | 'activity' | 'database' | 'folder' | 'plus' | 'bell' | 'loader' | 'shield' | 'user' | 'download';

export interface NavItem {
  href: string;
  label: string;
  icon: NavIcon;
  adminOnly?: boolean;
  /** Other path prefixes that belong to this item (for the active state). */
  also?: string[];
}

export interface NavSection {
  heading: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    heading: 'Research',
    items: [
      { href: '/search', label: 'Search', icon: 'search', also: ['/documents'] },
      { href: '/catalog', label: 'Catalog', icon: 'book' },
      { href: '/catalog-status', label: 'Catalog status', icon: 'activity' },
      { href: '/data-subscriptions', label: 'Data subscriptions', icon: 'database' },
    ],
  },
  {
    heading: 'Workspaces',
    items: [
      { href: '/workspaces/select', label: 'Open a workspace', icon: 'folder', also: ['/workspaces/preview'] },
      { href: '/workspaces/new', label: 'New workspace', icon: 'plus' },
    ],
  },
  {
    heading: 'Alerts',
    items: [
      { href: '/alerts', label: 'Alerts', icon: 'bell' },
      { href: '/user/preferences/alerts/dockets', label: 'Followed dockets', icon: 'folder' },
      { href: '/notifications', label: 'Notifications', icon: 'activity' },
    ],
  },
  {
    heading: 'Activity',
    items: [
      { href: '/processes', label: 'Processes', icon: 'loader' },
      { href: '/exports', label: 'Exports', icon: 'download', also: ['/export'] },
    ],
  },
  {
    heading: 'Settings',
    items: [
      { href: '/accounts', label: 'Accounts', icon: 'user' },
      { href: '/admin/queries/log', label: 'Query log', icon: 'activity', adminOnly: true },
      { href: '/admin', label: 'Admin', icon: 'shield', adminOnly: true },
    ],
  },
];

/** How long a prefix of `pathname` the item claims (0: none). */
function matchLength(pathname: string, item: NavItem): number {
  return Math.max(
    0,
    ...[item.href, ...(item.also ?? [])]
      .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
      .map((p) => p.length),
  );
}

const ALL_ITEMS = NAV_SECTIONS.flatMap((section) => section.items);

/** The item that claims the longest prefix is the active one (/admin/queries/log is the query log, not Admin). */
export function isActive(pathname: string, item: NavItem): boolean {
  const own = matchLength(pathname, item);
  return own > 0 && ALL_ITEMS.every((other) => matchLength(pathname, other) <= own);
}
