import 'server-only';
import { z } from 'zod';
import { requireAccessCode } from '@/lib/server/access/gate';
import { getDb } from '@/lib/server/db/database';
import type { Db } from '@/lib/server/db/types';
import { AppError, errorResponse, notFound } from '@/lib/server/errors';
import { requestIdOf, withRequestContext } from '@/lib/server/log';
import { type BodySpec, readJsonBody, validate } from './body';
import type { Caller } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';
import { foreignHostMessage, foreignHosts } from './host';
import { admitAndCount, identify } from './identity';
import { isSameOrigin, isStateChanging } from './origin';
import type { Limit } from '@/lib/server/limits/rate-limit';
import { enforceLimits } from '@/lib/server/limits/rate-limit';
import { hasControlCharacters } from './text-input';
import { currentAdmin } from '@/lib/server/admin/identity';

// The one guard every route handler under app/api goes through, in this order:
//  0. the Host check (host.ts: a name this deployment answers to, against DNS rebinding);
//  1. same origin for every state-changing method (before anything is read or written), then
//     the access code when ACCESS_CODES is set (lib/server/access/gate.ts; `open` routes skip it),
//     then, on admin routes, an admin (lib/server/admin/; proxy.ts checked before, too);
//  2. path parameters (malformed → 404), query (→ 400), JSON body: content type, size, zod;
//  3. identity (lib/server/http/identity.ts, where access control will plug in);
//  4. rate limits (counted with the caller's admission: one statement for a caller seen before);
//  5. ownership of the named conversation / message / share;
//  6. an answer that did not say how to cache it is not cached (no-store).
// Every refusal has the same shape ({ error: { code, message, details? } }) and no route
// handler sets a cookie on its own, so a refused request changes nothing and sets no cookie.

/**
 * public: nobody is identified (the same answer for everyone).
 * optional: the caller's user id, or null without a valid session (e.g. an empty list).
 * user: a valid session is required; a state-changing request creates the guest's user row.
 */
export type IdentityMode = 'public' | 'optional' | 'user';

type UserOf<I extends IdentityMode> = I extends 'user'
  ? string
  : I extends 'optional'
    ? string | null
    : null;

type Params = Record<string, string>;
type CallerOf<I extends IdentityMode> = I extends 'user' ? Caller : Caller | null;

export interface GuardedRequest<I extends IdentityMode, P, Q, B> {
  request: Request;
  params: P;
  query: Q;
  body: B;
  userId: UserOf<I>;
  /** Not opened for public routes: the health check must answer even when it is unreachable. */
  db: I extends 'public' ? undefined : Db;
}

export interface RouteSpec<
  I extends IdentityMode,
  P extends z.ZodType<Params>,
  Q extends z.ZodType,
  B extends z.ZodType,
> {
  identity: I;
  /** Reachable without an access code (ACCESS_CODES): shared links, health, the gate itself. */
  open?: true;
  /** Admins only (ADMIN_EMAILS); anyone else gets 404, before anything else is read. */
  admin?: true;
  /** Path parameters, e.g. z.object({ id: z.uuid() }); a malformed one is answered 404. */
  params?: P;
  query?: Q;
  body?: BodySpec<B>;
  /** The 404 message for a malformed or not-owned resource. */
  notFound?: string;
  /** The named resource must be the caller's (see ownership.ts); else 404, never 403. */
  owns?: (db: Db, userId: string, params: z.infer<P>) => Promise<boolean>;
  /**
   * The handler itself answers 404 for what is not the caller's (it loads the resource anyway);
   * a caller without a session then gets the same 404. Implied by `owns`.
   */
  ownedByHandler?: true;
  /** Counted before the handler runs (lib/server/http/limits.ts); refused with 429 and Retry-After. */
  limits?: (input: { caller: CallerOf<I>; request: Request; body: z.infer<B> }) => Limit[];
  /** Turns a domain error the handler throws into the common shape. */
  mapError?: (error: unknown) => AppError | undefined;
}

type RouteContext = { params: Promise<Params> };

const NONE = z.object({}).passthrough();

export function route<
  I extends IdentityMode,
  P extends z.ZodType<Params> = z.ZodType<Params>,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(
  spec: RouteSpec<I, P, Q, B>,
  handler: (
    input: GuardedRequest<I, z.infer<P>, z.infer<Q>, z.infer<B>>,
  ) => Promise<Response> | Response,
): (request: Request, context: RouteContext) => Promise<Response> {
  // Everything the handler does (and a generation it starts) logs under this request's id.
  return (request, context) =>
    withRequestContext(requestIdOf(request), () => guarded(spec, handler, request, context));
}

async function guarded<
  I extends IdentityMode,
  P extends z.ZodType<Params>,
  Q extends z.ZodType,
  B extends z.ZodType,
>(
  spec: RouteSpec<I, P, Q, B>,
  handler: (
    input: GuardedRequest<I, z.infer<P>, z.infer<Q>, z.infer<B>>,
  ) => Promise<Response> | Response,
  request: Request,
  context: RouteContext,
): Promise<Response> {
  try {
    const foreign = foreignHosts(request.headers, getConfig().hosts)[0];
    if (foreign !== undefined) {
      throw new AppError('forbidden', foreignHostMessage(foreign), {
        details: { reason: 'host_not_allowed' },
      });
    }
    if (isStateChanging(request.method) && !isSameOrigin(request.headers)) {
      throw new AppError('forbidden', 'This request must come from Parley itself.');
    }
    if (!spec.open) await requireAccessCode();
    if (spec.admin && !(await currentAdmin())) throw notFound();
    const rawParams = (await context?.params) ?? {};
    const params = (spec.params ?? NONE).safeParse(rawParams);
    if (!params.success || hasControlCharacters(rawParams)) throw notFound(spec.notFound);
    const query = spec.query
      ? validate(spec.query, Object.fromEntries(new URL(request.url).searchParams))
      : undefined;
    const body = spec.body ? await readJsonBody(request, spec.body) : undefined;

    const db = spec.identity === 'public' ? undefined : await getDb();
    const caller = spec.identity === 'public' ? null : await identify(spec.identity === 'user');
    const userId = caller?.userId ?? null;
    if (spec.identity === 'user' && db && !caller) throw noSession(spec);
    const limits =
      spec.limits && db
        ? spec.limits({ caller: caller as CallerOf<I>, request, body: body as z.infer<B> })
        : null;
    if (spec.identity === 'user' && db && caller && isStateChanging(request.method)) {
      await admitAndCount(db, caller, request, limits);
    } else if (limits && db) {
      await enforceLimits(db, limits);
    }
    if (spec.identity === 'user' && db && caller && spec.owns) {
      if (!(await spec.owns(db, caller.userId, params.data as z.infer<P>))) {
        throw notFound(spec.notFound);
      }
    }
    return noStoreByDefault(
      await handler({
        request,
        params: params.data as z.infer<P>,
        query: query as z.infer<Q>,
        body: body as z.infer<B>,
        userId: userId as UserOf<I>,
        db: db as GuardedRequest<I, z.infer<P>, z.infer<Q>, z.infer<B>>['db'],
      }),
    );
  } catch (error) {
    return errorResponse(spec.mapError?.(error) ?? error);
  }
}

/**
 * API answers are a caller's own data: a browser keeps none of them unless the route chose how
 * (files revalidate with an ETag, lib/server/attachments/serve.ts). Copied, since a redirect's
 * headers cannot be changed in place.
 */
function noStoreByDefault(response: Response): Response {
  if (response.headers.has('cache-control')) return response;
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'no-store');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Owner-only resources hide their existence (404); other routes ask for a session (401). */
function noSession(spec: { owns?: unknown; ownedByHandler?: true; notFound?: string }): AppError {
  if (spec.owns || spec.ownedByHandler) return notFound(spec.notFound);
  if (!getConfig().access.allowGuests) {
    return new AppError('unauthorized', 'Sign in or create an account to continue.', {
      details: { reason: 'sign_in_required' },
    });
  }
  return new AppError('unauthorized', 'Your session has expired. Reload the page to continue.');
}
