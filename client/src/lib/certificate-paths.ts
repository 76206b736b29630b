/** Where the learner's certificates live (spec §2): the certificates pages and the exam result link there. */
export const CERTIFICATES_PATH = '/mypage/certificates';

export const certificatePath = (slug: string): string => `${CERTIFICATES_PATH}/${encodeURIComponent(slug)}`;
