import type { NotificationSegment } from '@campus/contracts/admin-notifications';

export const SEGMENT_LABELS: Record<NotificationSegment, string> = {
  'all-learners': 'すべての学習者',
  'badge-holders': 'バッジ保有者',
  'badge-expiring-this-month': '今月バッジの有効期限が切れる人',
};

/** The groups defined by badges can be narrowed to one certification course. */
export const segmentHasCourse = (segment: NotificationSegment): boolean => segment !== 'all-learners';

export const recipientsText = (count: number) => `送信先: ${count} 人`;
export const sentText = (count: number) => `${count} 人に送信しました`;
export const confirmText = (count: number) => `${count} 人に送信します。送信したお知らせは取り消せません。`;
