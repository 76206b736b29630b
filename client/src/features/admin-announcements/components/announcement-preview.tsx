import { FeedItemView } from '../../../components/feed-item-view';
import type { AnnouncementDraft } from '../machines/announcement-editor.machine';

/** The draft exactly as learners will see it on the お知らせ page (its link opens in a new tab here). */
export function AnnouncementPreview({ draft, publishedAt }: { draft: AnnouncementDraft; publishedAt: string }) {
  return (
    <section className="announcement-preview" aria-label="プレビュー">
      <p className="announcement-preview__caption" aria-hidden="true">
        プレビュー
      </p>
      <div className="announcement-preview__frame">
        <FeedItemView
          // Announcements are the お知らせ feed (the general one).
          feedTitle="お知らせ"
          titleId="announcement-preview-title"
          headingLevel={2}
          linkInNewTab
          item={{
            title: draft.title.trim() || '（未入力）',
            body: draft.body.trim() || '（未入力）',
            link: draft.link.trim() || null,
            publishedAt,
          }}
        />
      </div>
    </section>
  );
}
