import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { InputError, NotAllowedError, type FieldIssue } from '@docket/errors';
import { authOf, findAuth } from './auth-context';
import { ErrorResponse } from './common.schemas';
import type { CsrfProtection } from './csrf';
import { PasswordChangeRequiredError, UnsupportedMediaTypeError } from './http-errors';
import { inputPolicyIssues, queryEncodingIssues } from './input-policy';

export type Access = 'public' | 'user' | 'admin';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type AnyObject = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

export interface RouteSpec<
  B extends z.ZodType | undefined,
  Q extends AnyObject | undefined,
  P extends AnyObject | undefined,
> {
  method: Method;
  /** Express-style path, e.g. /api/users/:id (written as /api/users/{id} in OpenAPI). */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** Reachable by a user who still has to replace a one-time password (sign out, session, profile, password). */
  allowedBeforePasswordChange?: boolean;
  /**
   * A public POST that must work with no cookies at all (RFC 8058 one-click unsubscribe from a mail
   * client): no CSRF check. Only for calls whose own credential is in the request (a signed token).
   */
  csrfExempt?: true;
  body?: B;
  /** A body the handler reads from the request stream itself (e.g. multipart uploads): documented, not parsed. */
  streamedBody?: { contentType: string; schema: z.ZodType };
  query?: Q;
  /**
   * Query parameters the route no longer takes, each with what to use instead: a request that still
   * sends one gets a 400 naming it rather than having it silently ignored (zod strips unknown keys).
   */
  retiredQuery?: Record<string, string>;
  params?: P;
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
export interface RouteInput<B, Q, P> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
}

export type RouteHandler<B, Q, P> = (input: RouteInput<B, Q, P>, req: Request, res: Response) => Promise<void>;

const MUTATING = new Set<Method>(['post', 'put', 'patch', 'delete']);

/**
 * Declares a route once: the express handler chain (session → CSRF → role → validation) and its
 * OpenAPI operation come from the same spec, so the document cannot drift from what is enforced.
 */
export class ApiRouter {
  readonly router = Router();

  constructor(
    private readonly registry: OpenAPIRegistry,
    private readonly csrf: CsrfProtection,
  ) {}

  route<
    B extends z.ZodType | undefined = undefined,
    Q extends AnyObject | undefined = undefined,
    P extends AnyObject | undefined = undefined,
  >(spec: RouteSpec<B, Q, P>, handler: RouteHandler<B, Q, P>): void {
    const chain: RequestHandler[] = [];
    // An unauthenticated caller learns "sign in" (401) before anything else about the request.
    if (spec.access !== 'public') {
      chain.push((req, _res, next) => {
        const { user } = authOf(req);
        // A one-time password only buys the right to choose a real one.
        if (user.mustChangePassword && !spec.allowedBeforePasswordChange) throw new PasswordChangeRequiredError();
        next();
      });
    }
    if (MUTATING.has(spec.method) && !spec.csrfExempt) {
      chain.push((req, _res, next) => {
        this.csrf.check(req);
        next();
      });
    }
    if (spec.access === 'admin') chain.push(requireAdmin);
    chain.push(async (req: Request, res: Response) => {
      if (spec.body) requireJsonBody(req);
      const queryIssues = [...queryEncodingIssues(req.originalUrl), ...retiredIssues(spec.retiredQuery, req.query)];
      const body = req.body ?? {};
      // Every part is checked, so one answer names everything that is wrong: path, query and body.
      const parts = [
        spec.params
          ? parse(spec.params, req.params, 'path', inputPolicyIssues(spec.params, req.params))
          : ok(undefined),
        spec.query
          ? parse(spec.query, req.query, 'query', [
              ...queryIssues,
              ...inputPolicyIssues(spec.query, req.query, Object.keys(spec.retiredQuery ?? {})),
            ])
          : unknownQuery(req.query, queryIssues),
        spec.body ? parse(spec.body, body, 'request body', inputPolicyIssues(spec.body, body)) : ok(undefined),
      ] as const;
      const refused = parts.filter((part) => !part.ok);
      if (refused.length > 0) {
        const where = refused.length === 1 ? refused[0]!.where : 'request';
        throw new InputError(
          `invalid ${where}`,
          refused.flatMap((part) => part.issues),
        );
      }
      const [params, query, parsedBody] = parts.map((part) => (part.ok ? part.data : undefined));
      const input = { body: parsedBody, query, params } as RouteInput<B, Q, P>;
      await handler(input, req, res);
    });
    this.router[spec.method](spec.path, ...chain);
    this.register(spec);
  }

  private register(spec: RouteSpec<z.ZodType | undefined, AnyObject | undefined, AnyObject | undefined>): void {
    const responses: Record<string, ResponseConfig> = {};
    for (const [status, r] of Object.entries(spec.responses)) {
      // Every error is answered by the error handler as ErrorResponse, so a declared error status has that body.
      const schema = r.schema ?? (Number(status) >= 400 ? ErrorResponse : undefined);
      responses[status] = schema
        ? { description: r.description, content: { [r.contentType ?? 'application/json']: { schema } } }
        : { description: r.description };
    }
    const error = (description: string): ResponseConfig => ({
      description,
      content: { 'application/json': { schema: ErrorResponse } },
    });
    // Every route refuses what it does not read (unknown query parameters, malformed percent-encoding).
    responses['400'] ??= error('Invalid input, with field-level issues');
    if (spec.body) responses['415'] ??= error('The body is not JSON');
    if (spec.access !== 'public') responses['401'] ??= error('No valid session');
    const csrfChecked = MUTATING.has(spec.method) && !spec.csrfExempt;
    if (spec.access === 'admin' || csrfChecked)
      responses['403'] ??= error('Not an administrator, or CSRF check failed');
    responses['503'] ??= error('A backing service is unavailable');
    responses['500'] ??= error('Unexpected error');

    const security: Record<string, string[]>[] = [];
    if (spec.access !== 'public')
      security.push(MUTATING.has(spec.method) ? { sessionCookie: [], csrfHeader: [] } : { sessionCookie: [] });
    else if (csrfChecked) security.push({ csrfHeader: [] });

    this.registry.registerPath({
      method: spec.method,
      path: spec.path.replace(/:(\w+)/g, '{$1}'),
      summary: spec.summary,
      tags: [spec.tag],
      ...(security.length ? { security } : {}),
      ...(spec.access === 'admin' ? { description: 'Administrators only.' } : {}),
      request: {
        ...(spec.body ? { body: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
        ...(spec.streamedBody
          ? {
              body: {
                required: true,
                content: { [spec.streamedBody.contentType]: { schema: spec.streamedBody.schema } },
              },
            }
          : {}),
        ...(spec.query ? { query: spec.query } : {}),
        ...(spec.params ? { params: spec.params } : {}),
      },
      responses,
    });
  }
}

function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  if (findAuth(req)?.user.role !== 'admin') throw new NotAllowedError('administrators only');
  next();
}

/** A body that is there must be JSON: JSON sent as text/plain would otherwise be ignored, not read. */
function requireJsonBody(req: Request): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json')) {
    throw new UnsupportedMediaTypeError(
      `the request body must be JSON (Content-Type: application/json), not ${req.headers['content-type'] || 'untyped'}`,
    );
  }
}

type Part = { ok: true; data: unknown } | { ok: false; where: string; issues: FieldIssue[] };

const ok = (data: unknown): Part => ({ ok: true, data });

/** A route that takes no query parameters names each one it was sent, rather than ignoring them. */
function unknownQuery(query: Request['query'], issues: FieldIssue[]): Part {
  const unknown = Object.keys(query).map((name) => ({ path: name, message: 'unrecognized key' }));
  return issues.length > 0 || unknown.length > 0
    ? { ok: false, where: 'query', issues: [...issues, ...unknown] }
    : ok(undefined);
}

function retiredIssues(retired: Record<string, string> | undefined, query: Request['query']): FieldIssue[] {
  if (!retired) return [];
  return Object.entries(retired)
    .filter(([name]) => Object.hasOwn(query, name))
    .map(([name, instead]) => ({ path: name, message: `is no longer accepted: ${instead}` }));
}

function parse(schema: z.ZodType, value: unknown, where: string, extraIssues: FieldIssue[] = []): Part {
  const result = schema.safeParse(value);
  if (result.success && extraIssues.length === 0) return ok(result.data);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { ok: false, where, issues: [...extraIssues, ...issues] };
}
