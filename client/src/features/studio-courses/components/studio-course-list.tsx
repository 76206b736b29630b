import type { CreateCourseDraftRequest } from '@campus/contracts/studio-courses';
import type { StudioCourse, StudioCourseListQuery } from '@campus/contracts/studio-courses';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { FilterSelect } from '../../../components/filter-select';
import { FormField } from '../../../components/form-field';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { courseListMachine } from '../machines/course-list.machine';
import { COURSE_KIND_LABELS, COURSE_STATUS_LABELS, PROGRAM_LABELS, studioCoursePath } from '../studio-labels';
import '../../../components/studio.css';

type NewCourse = CreateCourseDraftRequest;

/** /admin/studio/courses: every course with its state, filters, and a form for a new one. */
export function StudioCourseList({ logic = courseListMachine }: { logic?: typeof courseListMachine }) {
  const [snapshot, send, actor] = useMachine(logic);
  const navigate = useNavigate();
  const [filter, setFilter] = useState<StudioCourseListQuery>({});
  const [draft, setDraft] = useState<NewCourse>({ kind: 'learning', program: 'OA', slug: '', title: '' });
  const { items, loadError, createErrors } = snapshot.context;

  useEffect(() => {
    const subscription = actor.on('created', ({ courseId }) => navigate(studioCoursePath(courseId)));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  const applyFilter = (next: StudioCourseListQuery) => {
    setFilter(next);
    send({ type: 'FILTER', filter: next });
  };
  const set = (key: keyof StudioCourseListQuery, value: string) => applyFilter({ ...filter, [key]: value === '' ? undefined : value });

  return (
    <div className="studio">
      <form className="studio-filters" role="search" aria-label="コースの絞り込み" onSubmit={(event) => event.preventDefault()}>
        <label className="studio-filters__item" htmlFor="studio-filter-q">
          キーワード
          <input id="studio-filter-q" className="admin-field__control" type="search" value={filter.q ?? ''} onChange={(event) => set('q', event.target.value)} placeholder="コース名・スラッグ" />
        </label>
        <FilterSelect id="studio-filter-kind" label="種類" value={filter.kind} options={Object.entries(COURSE_KIND_LABELS)} onChange={(value) => set('kind', value)} />
        <FilterSelect id="studio-filter-program" label="プログラム" value={filter.program} options={Object.entries(PROGRAM_LABELS)} onChange={(value) => set('program', value)} />
        <FilterSelect id="studio-filter-status" label="状態" value={filter.status} options={Object.entries(COURSE_STATUS_LABELS)} onChange={(value) => set('status', value)} />
      </form>

      {snapshot.matches('loading') ? <AdminLoading label="コースを読み込み中" /> : null}
      {snapshot.matches('failed') ? <AdminLoadFailed message={loadError ?? 'コースを読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} /> : null}
      {snapshot.matches('ready') || snapshot.matches('creating') ? (
        items.length === 0 ? (
          <p className="empty-state__message">条件に合うコースはありません。</p>
        ) : (
          <ul className="studio-course-list" aria-label="コース">
            {items.map((course) => (
              <CourseRow key={course.courseId} course={course} />
            ))}
          </ul>
        )
      ) : null}

      <form
        className="admin-form studio-new-course"
        aria-label="新しいコース"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'CREATE', request: draft });
        }}
      >
        <h2 className="studio__heading">新しいコース</h2>
        <fieldset className="admin-form admin-form__fields" disabled={snapshot.matches('creating')}>
          <FormField id="new-course-title" label="コース名" required error={createErrors.title}>
            {(control) => <input {...control} className="admin-field__control" type="text" value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />}
          </FormField>
          <FormField id="new-course-slug" label="スラッグ（URL に使う英小文字・数字・ハイフン）" required error={createErrors.slug}>
            {(control) => <input {...control} className="admin-field__control" type="text" value={draft.slug} onChange={(event) => setDraft({ ...draft, slug: event.target.value })} />}
          </FormField>
          <FormField id="new-course-kind" label="種類" error={createErrors.kind}>
            {(control) => (
              <select {...control} className="admin-field__control" value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as NewCourse['kind'] })}>
                <option value="learning">{COURSE_KIND_LABELS.learning}</option>
                <option value="video">{COURSE_KIND_LABELS.video}</option>
                <option value="seminar">{COURSE_KIND_LABELS.seminar}</option>
                <option value="certification">{COURSE_KIND_LABELS.certification}</option>
              </select>
            )}
          </FormField>
          <FormField id="new-course-program" label="プログラム" error={createErrors.program}>
            {(control) => (
              <select {...control} className="admin-field__control" value={draft.program} onChange={(event) => setDraft({ ...draft, program: event.target.value as NewCourse['program'] })}>
                {Object.entries(PROGRAM_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </select>
            )}
          </FormField>
        </fieldset>
        {createErrors.form ? <p className="admin-form__error" role="alert">{createErrors.form}</p> : null}
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={snapshot.matches('creating')}>
            下書きを作成
          </button>
        </div>
      </form>
    </div>
  );
}

function CourseRow({ course }: { course: StudioCourse }) {
  return (
    <li className="studio-course-list__item">
      <Link className="studio-course-list__title" to={studioCoursePath(course.courseId)}>
        {course.title}
      </Link>
      <span className={`studio-status studio-status--${course.status}`}>{COURSE_STATUS_LABELS[course.status]}</span>
      {course.hasUnpublishedChanges && course.status !== 'draft' ? <span className="studio-status studio-status--draft">未公開の変更あり</span> : null}
      <span className="studio-course-list__meta">
        {COURSE_KIND_LABELS[course.kind]}・{PROGRAM_LABELS[course.program]}・{course.lessonCount} レッスン・更新 <time dateTime={course.updatedAt}>{formatJapaneseDateTime(course.updatedAt)}</time>
      </span>
    </li>
  );
}
