import { z } from 'zod';

export const serverTimeSchema = z
  .object({ value: z.number().int().describe('Server time in milliseconds since the epoch.') })
  .meta({ id: 'ServerTime' });
