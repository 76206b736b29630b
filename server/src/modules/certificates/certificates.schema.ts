import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../database/columns.js';
import { courseColumn } from '../catalogue/catalogue.schema.js';
import { learnerColumn } from '../identity/identity.schema.js';

/** Certificates issued for passed exams: one per passed session (stream `certificate`); the PDF is rendered once into the private certificate folder. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    /** Short public code: the address of /mypage/certificates/{slug} and of the verification page. */
    slug: text('slug').notNull().unique(),
    userId: learnerColumn(),
    courseId: courseColumn(),
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
