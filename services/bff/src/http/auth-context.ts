import type { Request } from 'express';
import { NotAllowedError } from '@docket/errors';
import type { UserRecord } from './user';

export interface AuthContext {
  user: UserRecord;
  sessionId: string;
}

// Kept beside the request instead of augmenting express's global Request type.
const contexts = new WeakMap<Request, AuthContext>();

export function setAuth(req: Request, auth: AuthContext): void {
  contexts.set(req, auth);
}

export function findAuth(req: Request): AuthContext | undefined {
  return contexts.get(req);
}

/** The signed-in caller; routes guarded by `access: 'user' | 'admin'` always have one. */
export function authOf(req: Request): AuthContext {
  const auth = contexts.get(req);
  if (!auth) throw new NotAllowedError('sign in first', true);
  return auth;
}
