import { z } from 'zod';

export const userRoleSchema = z.enum(['learner', 'admin']);

export const currentUserSchema = z
  .object({
    lastName: z.string(),
    firstName: z.string(),
    iconUrl: z.string().nullable(),
    hasProfile: z.boolean(),
    hasAcceptedAgreements: z.boolean(),
    canMigrateFromCloudCampus: z.boolean(),
    role: userRoleSchema,
  })
  .meta({ id: 'CurrentUser' });

export type CurrentUser = z.infer<typeof currentUserSchema>;

const KATAKANA = /^[\u30A0-\u30FF\u3000 ]+$/u;

const nameField = z.string().trim().min(1, '入力してください').max(50, '50文字以内で入力してください');
const kanaField = nameField.regex(KATAKANA, '全角カタカナで入力してください');

export const updateProfileSchema = z
  .object({
    lastName: nameField,
    firstName: nameField,
    lastNameKana: kanaField,
    firstNameKana: kanaField,
    email: z.string().trim().max(254, '254文字以内で入力してください').pipe(z.email('メールアドレスの形式で入力してください')),
  })
  .strict()
  .meta({ id: 'UpdateProfile' });

export type UpdateProfile = z.infer<typeof updateProfileSchema>;

export const profileSchema = updateProfileSchema.meta({ id: 'Profile' });

export const printableNameRequestSchema = z
  .object({ value: z.string().min(1, '入力してください').max(100, '100文字以内で入力してください') })
  .meta({ id: 'PrintableNameRequest' });

export const booleanValueSchema = z.object({ value: z.boolean() }).meta({ id: 'BooleanValue' });
