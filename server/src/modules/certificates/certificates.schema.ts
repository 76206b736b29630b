import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { courseKey } from '../catalogue/reads.js';
import { userKey } from '../identity/reads.js';

/** Certificates issued for passed exams: one per passed session (stream `certificate`); the PDF is rendered once into the private certificate folder. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    /** Short public code: the address of /mypage/certificates/{slug} and of the verification page. */
    slug: text('slug').notNull().unique(),
    userId: uuid('user_id').notNull().references(userKey, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull().references(courseKey, { onDelete: 'cascade' }),
    examSessionId: uuid('exam_session_id').unique(),
    /** The name printed on the certificate, in Japanese order, as it was when issued. */
    holderName: text('holder_name').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Path of the PDF inside the certificate folder (CERTIFICATE_DIR). */
    pdfPath: text('pdf_path').notNull(),
  },
  (table) => [index('certificates_user_idx').on(table.userId, table.issuedAt)],
);
