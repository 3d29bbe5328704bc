/** A workspace's roles and its log's request kinds and sorts, shared by the views and the schemas. */
export const workspaceRoles = ['owner', 'editor', 'viewer'] as const;
export type WorkspaceRoleName = (typeof workspaceRoles)[number];
export const requestKinds = ['search', 'query'] as const;
export type RequestKindName = (typeof requestKinds)[number];
export const requestSorts = ['relevance', 'filed_newest', 'filed_oldest'] as const;
export type RequestSortName = (typeof requestSorts)[number];
