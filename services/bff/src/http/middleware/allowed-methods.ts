import type { RequestHandler } from 'express';
import { MethodNotAllowedError } from '../http-errors';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const allowed = new Set(ALLOWED_METHODS);

/** TRACE, CONNECT and made-up methods: 405 before any route (TRACE would echo the request back). */
export function allowedMethods(): RequestHandler {
  return (req, _res, next) => {
    if (!allowed.has(req.method)) throw new MethodNotAllowedError(req.method);
    next();
  };
}
