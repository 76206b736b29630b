import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each owner declares its tables beside its code: the event log in database/, sessions in common/auth, every module in modules/<name>/<name>.schema.ts.
  schema: './src/**/*.schema.ts',
  out: './src/database/migrations',
});
