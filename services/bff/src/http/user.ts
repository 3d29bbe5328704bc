export const roles = ['admin', 'member'] as const;
export type Role = (typeof roles)[number];

/** A user as stored; `passwordHash` never leaves the BFF. */
export interface UserRecord {
  id: string;
  organisationId: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  passwordHash: string;
  mustChangePassword: boolean;
  createdAt: Date;
}

export interface OrganisationRecord {
  id: string;
  name: string;
}

/** The `user` object of the REST API. */
export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  organisationId: string;
  organisationName: string;
  mustChangePassword: boolean;
  createdAt: string;
}

export function toUserView(user: UserRecord, organisationName: string): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    active: user.active,
    organisationId: user.organisationId,
    organisationName,
    mustChangePassword: user.mustChangePassword,
    createdAt: user.createdAt.toISOString(),
  };
}

/** E-mail addresses are compared case-insensitively, so they are stored lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
