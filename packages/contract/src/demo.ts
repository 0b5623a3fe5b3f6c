import { z } from 'zod';

/** GET /api/v1/demo-accounts: the accounts to try, listed only when the database holds the demo data. */
export const demoAccountsResponseSchema = z.object({
  accounts: z.array(
    z.object({
      login: z.string(),
      password: z.string(),
      description: z.string(),
      descriptionEn: z.string(),
    }),
  ),
});
export type DemoAccountsResponse = z.infer<typeof demoAccountsResponseSchema>;
