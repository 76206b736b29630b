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

/** Markup brackets and control characters: no name needs them, and they would reach the PDF verbatim. */
const NOT_IN_NAMES = /[<>\p{Cc}]/u;

const nameField = z
  .string()
  .trim()
  .min(1, '入力してください')
  .max(50, '50文字以内で入力してください')
  .refine((value) => !NOT_IN_NAMES.test(value), '「<」「>」や制御文字は名前に使えません');
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

/** The answer of check-is-printable-name: `value` as the spec names it, and which characters fail. */
export const printableNameResultSchema = z
  .object({ value: z.boolean(), unprintableCharacters: z.array(z.string()) })
  .meta({ id: 'PrintableNameResult' });

export type PrintableNameResult = z.infer<typeof printableNameResultSchema>;

/** The one wording, on the server's 400 and the form's live check, of a name the certificate font cannot print. */
export const unprintableNameMessage = (characters: readonly string[]): string =>
  `証明書に印字できない文字が含まれています（${characters.map((character) => `「${character}」`).join('')}）。別の字体や表記でご入力ください`;

/** The name as certificates print it: family name first, as a Japanese name is written, no stray space. */
export function printedNameOf(names: { lastName: string; firstName: string }): string {
  return [names.lastName.trim(), names.firstName.trim()].filter(Boolean).join(' ');
}

/**
 * GET /me/profile: what the profile page shows and the edit form starts from. Before a profile is
 * registered, the names come from the login provider and the e-mail is the one it vouches for.
 */
export const myProfileSchema = z
  .object({
    hasProfile: z.boolean(),
    lastName: z.string(),
    firstName: z.string(),
    lastNameKana: z.string(),
    firstNameKana: z.string(),
    email: z.string(),
    iconUrl: z.string().nullable(),
    /** How certificates print the name; null until a profile is registered. */
    printedName: z.string().nullable(),
  })
  .meta({ id: 'MyProfile' });

export type MyProfile = z.infer<typeof myProfileSchema>;
