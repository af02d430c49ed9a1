import { route } from '@/lib/server/http/guard';
import { healthReport } from '@/lib/server/http/health';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Public and read-only, for load balancers and uptime checks: it resolves no identity and sets
 * no cookie. 200 when this instance can serve, 503 when its database is unreachable or behind.
 */
export const GET = route({ identity: 'public', open: true }, async () => {
  const report = await healthReport();
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
});
