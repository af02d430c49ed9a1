import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Every /api address no route serves: the guard's own 404 (after its Host, same-origin and
// access-code checks, like any route), in the shape every API error has. An admin route
// answers a non-admin exactly this (lib/server/admin/), so the two cannot be told apart.
const NOWHERE = { identity: 'public' } as const;
const missing = () => Promise.reject(notFound());

export const GET = route(NOWHERE, missing);
export const POST = route(NOWHERE, missing);
export const PUT = route(NOWHERE, missing);
export const PATCH = route(NOWHERE, missing);
export const DELETE = route(NOWHERE, missing);
