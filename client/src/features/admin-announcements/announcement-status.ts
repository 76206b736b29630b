import type { AnnouncementStatus } from '@campus/contracts/announcements';

export const ANNOUNCEMENT_STATUS_LABELS: Record<AnnouncementStatus, string> = {
  scheduled: '予約中',
  published: '公開中',
  unpublished: '取り下げ済み',
};

export const ANNOUNCEMENT_LIST_PATH = '/admin/announcements';
export const NEW_ANNOUNCEMENT_PATH = '/admin/announcements/new';
export const announcementEditorPath = (announcementId: string) => `/admin/announcements/${encodeURIComponent(announcementId)}`;
