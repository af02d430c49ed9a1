import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` (drizzle-kit generate), which needs no database connection.
// The app applies the generated SQL itself at start-up (lib/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  // schema.ts re-exports the other two; listed so a table added there is never missed.
  schema: ['./lib/db/schema.ts', './lib/db/auth-schema.ts', './lib/db/admin-schema.ts'],
  out: './drizzle',
  strict: true,
});
