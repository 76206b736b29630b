import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each owner declares its tables beside its code: the event log in database/, every module in modules/<name>/<name>.schema.ts (sessions are identity's).
  schema: './src/**/*.schema.ts',
  out: './src/database/migrations',
});
