import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AdminCredentialList } from '../../features/admin-credentials/components/admin-credential-list';
import { AnnouncementEditor } from '../../features/admin-announcements/components/announcement-editor';
import { AnnouncementList } from '../../features/admin-announcements/components/announcement-list';
import { NEW_ANNOUNCEMENT_PATH } from '../../features/admin-announcements/announcement-status';
import { AdminPage } from '../../components/admin-page';
import { TargetedMessageForm } from '../../features/admin-messages/components/targeted-message-form';
import { ExamAccommodationForm } from '../../features/admin-accommodations/components/exam-accommodation-form';
import { ImportHistory } from '../../features/legacy-imports/components/import-history';
import { LegacyImportPanel } from '../../features/legacy-imports/components/legacy-import-panel';
import { parseFeedPage } from '../../features/notifications/feed-list-query';

/** /admin/announcements?page=N — every announcement, 20 a page, and the way to write a new one. */
export function AdminAnnouncementsPage() {
  const [search] = useSearchParams();
  const page = parseFeedPage(search);
  return (
    <AdminPage
      title="お知らせ"
      actions={
        <Link className="button button--primary" to={NEW_ANNOUNCEMENT_PATH}>
          新しいお知らせ
        </Link>
      }
    >
      {/* Another page is another list: a fresh machine loads it. */}
      <AnnouncementList key={page} page={page} />
    </AdminPage>
  );
}

/** /admin/announcements/new */
export function AdminAnnouncementNewPage() {
  return (
    <AdminPage title="新しいお知らせ">
      <AnnouncementEditor announcementId={null} />
    </AdminPage>
  );
}

/** /admin/announcements/{announcementId} — edit, reschedule or withdraw one. */
export function AdminAnnouncementEditPage() {
  const { announcementId = '' } = useParams();
  return (
    <AdminPage title="お知らせの編集">
      <AnnouncementEditor key={announcementId} announcementId={announcementId} />
    </AdminPage>
  );
}

/** /admin/messages — a personal notification to one learner or to a group. */
export function AdminMessagesPage() {
  return (
    <AdminPage title="個別のお知らせ">
      <p>学習者の「あなたへのお知らせ」に届きます。宛先は 1 人（メールアドレス）か、学習者のグループです。</p>
      <TargetedMessageForm />
    </AdminPage>
  );
}

/** /admin/accommodations — a learner's extra exam time (合理的配慮): grant, change, withdraw. */
export function AdminAccommodationsPage() {
  return (
    <AdminPage title="試験時間の延長">
      <p>配慮が必要な学習者に、認定試験の制限時間の延長を認めます。登録後に開始する試験に適用され、受験中の試験の終了時刻は変わりません。</p>
      <ExamAccommodationForm />
    </AdminPage>
  );
}

/** /admin/imports — Cloud Campus badge records from a CSV, with live progress, and the past imports. */
export function AdminImportsPage() {
  const [finishedImports, setFinishedImports] = useState(0);
  const onFinished = useCallback(() => setFinishedImports((count) => count + 1), []);
  return (
    <AdminPage title="バッジの移行">
      <LegacyImportPanel onFinished={onFinished} />
      <ImportHistory refreshKey={finishedImports} />
    </AdminPage>
  );
}

/** /admin/credentials?q=…&page=N — every Open Badges credential, searched by learner or certificate number. */
export function AdminCredentialsPage() {
  const [search, setSearch] = useSearchParams();
  const q = (search.get('q') ?? '').trim();
  const page = parseFeedPage(search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setSearch(typed ? { q: typed } : {});
  };
  return (
    <AdminPage title="デジタル認定証">
      <form className="credential-search" role="search" onSubmit={submit}>
        <div className="credential-search__field">
          <label htmlFor="credential-search-q">学習者（メールアドレス・氏名）または認定証番号</label>
          {/* Uncontrolled, keyed by the address: going back in history shows what was searched there. */}
          <input key={q} id="credential-search-q" name="q" type="search" className="admin-field__control" defaultValue={q} maxLength={200} autoComplete="off" />
        </div>
        <button type="submit" className="button button--primary">
          検索
        </button>
      </form>
      {/* Another search or page is another list: a fresh machine loads it. */}
      <AdminCredentialList key={`${q}\n${page}`} q={q} page={page} />
    </AdminPage>
  );
}
