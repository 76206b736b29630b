import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { StepPager } from '../../../components/step-pager';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { AdminEmpty, AdminLoadFailed, AdminLoading, AdminTableScroll } from '../../../components/admin-page';
import { ANNOUNCEMENT_STATUS_LABELS, announcementEditorPath } from '../announcement-status';
import { announcementListMachine, pageCountOf } from '../machines/announcement-list.machine';
import './admin-announcements.css';

export const EMPTY_ANNOUNCEMENTS_TEXT = 'お知らせはまだありません。「新しいお知らせ」から作成できます。';

const pageSearch = (page: number): string => (page > 1 ? `?page=${page}` : '');

export interface AnnouncementListProps {
  page: number;
  /** Tests pass `announcementListMachine.provide({...})`. */
  logic?: typeof announcementListMachine;
}

/** One page of every announcement (scheduled, live, withdrawn): title, state, date, how many have read it. */
export function AnnouncementList({ page, logic = announcementListMachine }: AnnouncementListProps) {
  const actor = useActorRef(logic, { input: { page } });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const result = useSelector(actor, (snapshot) => snapshot.context.result);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  if (state === 'loading') return <AdminLoading label="お知らせの一覧を読み込み中" />;
  if (state === 'failed' || !result) {
    return <AdminLoadFailed message={error ?? 'お知らせの一覧を読み込めませんでした。'} onRetry={() => actor.send({ type: 'RETRY' })} />;
  }
  if (result.total === 0) return <AdminEmpty>{EMPTY_ANNOUNCEMENTS_TEXT}</AdminEmpty>;

  return (
    <>
      {result.items.length === 0 ? (
        // A page number past the end (an old bookmark): the pager leads back.
        <p>このページに表示するお知らせはありません。</p>
      ) : (
        <AdminTableScroll label="お知らせの一覧の表">
          <table className="admin-table">
            <caption>お知らせの一覧（全 {result.total} 件）</caption>
            <thead>
              <tr>
                <th scope="col">タイトル</th>
                <th scope="col">状態</th>
                <th scope="col">公開日時</th>
                <th scope="col" className="admin-table__number">
                  既読数
                </th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((item) => (
                <tr key={item.announcementId}>
                  <td>
                    <Link to={announcementEditorPath(item.announcementId)}>{item.title}</Link>
                  </td>
                  <td>
                    <span className={`announcement-status announcement-status--${item.status}`}>{ANNOUNCEMENT_STATUS_LABELS[item.status]}</span>
                  </td>
                  <td>
                    <time dateTime={item.publishAt}>{formatJapaneseDateTime(item.publishAt)}</time>
                  </td>
                  <td className="admin-table__number">{item.readCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      )}
      <StepPager page={page} pageCount={pageCountOf(result.total)} searchFor={pageSearch} />
    </>
  );
}
