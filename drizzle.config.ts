import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a new migration from src/server/db/schema.ts. Never regenerate an applied one. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
