import { z } from 'zod';

/** Every error code the API can answer with, and the HTTP status it travels with. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  AGREEMENT_REQUIRED: 400,
  PROFILE_REQUIRED: 400,
  BASIC_REQUIRED: 400,
  EXAM_IN_PROGRESS: 400,
  EXAM_COOLDOWN: 400,
  EXAM_GRADING: 400,
  /** The badge is held and valid: it may be taken again only from 30 days before it expires (更新受験). */
  BADGE_HELD: 400,
  EXAM_TIME_OVER: 400,
  LOGIN_REQUIRED: 401,
  FORBIDDEN: 403,
  XHR_HEADER_REQUIRED: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  /** The latest attempt has ended and is being graded: its result comes in seconds. */
  RESULT_PENDING: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The certificate's credential was revoked by an admin: its PDF is no longer handed out. */
  CERTIFICATE_REVOKED: 410,
  /** The request was not complete in time (Node's request timeout). */
  REQUEST_TIMEOUT: 408,
  CONCURRENCY_CONFLICT: 409,
  /** A mail's link (unsubscribe, address confirmation) that the campus did not sign as it stands (altered, cut short). */
  MAIL_LINK_INVALID: 400,
  /** A mail's link past its time (90 days): the profile still does what it did. */
  MAIL_LINK_EXPIRED: 410,
  /** The studio's optimistic check: another admin saved a newer version first; `current` carries it. */
  STALE_VERSION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** The URL, a cookie or another header is longer than the server reads (16 KiB in all). */
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  UPSTREAM_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorEnvelopeSchema = z
  .object({
    message: z.string(),
    status: z.number().int(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    field: z.string().optional().describe('The input field that was wrong, for validation errors.'),
    current: z.unknown().optional().describe('For STALE_VERSION: the newer version another admin saved, for the editor to show.'),
  })
  .meta({ id: 'ErrorEnvelope' });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
