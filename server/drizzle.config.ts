import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Tables a module owns live beside it, in its own <module>.schema.ts.
  schema: ['./src/database/schema.ts', './src/modules/*/*.schema.ts'],
  out: './src/database/migrations',
});
