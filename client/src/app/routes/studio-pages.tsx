import type { LessonDetail } from '@campus/contracts/lessons';
import { ADMIN_CONSOLE_NAME } from '@campus/contracts/page-names';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading, AdminPage } from '../../components/admin-page';
import { LessonContent } from '../../features/lessons/components/lesson-content';
import { CourseDetailView } from '../../features/catalogue/components/course-detail';
import { previewDraftCourse, previewDraftLesson } from '../../features/studio-courses/api/studio-courses';
import { CourseEditor } from '../../features/studio-courses/components/course-editor';
import { StudioCourseList } from '../../features/studio-courses/components/studio-course-list';
import { draftPreviewMachineOf } from '../../features/studio-courses/machines/draft-preview.machine';
import { STUDIO_COURSES_PATH, studioCoursePath, studioCoursePreviewPath, studioLessonPreviewPath } from '../../features/studio-courses/studio-labels';
import { pageTitle } from '../../lib/site';
import '../../components/studio.css';
import '../../features/lessons/components/lessons.css';

/** The studio draws lessons with the lesson page's own component: the preview is what learners will get. */
const renderLesson = (lesson: LessonDetail) => <LessonContent lesson={lesson} />;

/** /admin/studio — the content studio's sections. */
export function StudioHomePage() {
  return (
    <AdminPage title="コンテンツスタジオ">
      <p>コースやレッスン、認定試験の問題を、ブラウザから編集・公開できます。公開するまで受講者には見えません。</p>
      <ul className="studio-home">
        <li>
          <Link className="studio-home__card" to={STUDIO_COURSES_PATH}>
            <strong>コースとレッスン</strong>
            <span>学習・動画・セミナーのコースを作成・編集し、スライドや動画をアップロードして公開します。</span>
          </Link>
        </li>
        <li>
          <Link className="studio-home__card" to="/admin/studio/questions">
            <strong>問題バンク</strong>
            <span>認定試験の問題を書き、レビューして公開します。出題の設計（ブループリント）もここで。</span>
          </Link>
        </li>
      </ul>
    </AdminPage>
  );
}

/** /admin/studio/courses */
export function StudioCoursesPage() {
  return (
    <AdminPage title="コースとレッスン">
      <StudioCourseList />
    </AdminPage>
  );
}

/** /admin/studio/courses/{courseId} */
export function StudioCourseEditPage() {
  const { courseId = '' } = useParams();
  return (
    <AdminPage title="コースの編集">
      <CourseEditor key={courseId} courseId={courseId} renderLesson={renderLesson} />
    </AdminPage>
  );
}

/** /admin/studio/courses/{courseId}/preview — the draft's course page as a visitor would see it, unpublished. */
export function StudioCoursePreviewPage() {
  const { courseId = '' } = useParams();
  return <CoursePreview key={courseId} courseId={courseId} />;
}

/** /admin/studio/courses/{courseId}/preview/lessons/{lessonSlug} — one of its lessons. */
export function StudioLessonPreviewPage() {
  const { courseId = '', lessonSlug = '' } = useParams();
  return (
    <AdminPage title="受講者として確認（未公開）">
      <LessonPreview key={`${courseId}/${lessonSlug}`} courseId={courseId} lessonSlug={lessonSlug} />
    </AdminPage>
  );
}

function CoursePreview({ courseId }: { courseId: string }) {
  const [logic] = useState(() => draftPreviewMachineOf(() => previewDraftCourse(courseId)));
  const [snapshot, send] = useMachine(logic);
  const course = snapshot.context.preview;
  if (snapshot.matches('loading')) return <AdminLoading label="コースを読み込み中" />;
  if (!course) return <AdminLoadFailed message={snapshot.context.error ?? 'コースを読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  return (
    <div className="studio">
      <title>{pageTitle(`受講者として確認（未公開）（${ADMIN_CONSOLE_NAME}）`)}</title>
      <p className="studio-blockers" role="status">
        受講者として確認しています（未公開の下書き）。この画面は管理者だけが見られます。 <Link to={studioCoursePath(courseId)}>編集に戻る</Link>
      </p>
      <CourseDetailView course={course} breadcrumb={[{ label: 'コースとレッスン', to: STUDIO_COURSES_PATH }, { label: course.title }]} unpublished />
    </div>
  );
}

function LessonPreview({ courseId, lessonSlug }: { courseId: string; lessonSlug: string }) {
  const [logic] = useState(() => draftPreviewMachineOf(() => previewDraftLesson(courseId, lessonSlug)));
  const [snapshot, send] = useMachine(logic);
  if (snapshot.matches('loading')) return <AdminLoading label="レッスンを読み込み中" />;
  const lesson = snapshot.context.preview;
  if (!lesson) return <AdminLoadFailed message={snapshot.context.error ?? 'レッスンを読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  return (
    <article className="studio">
      <p className="studio__hint">
        {lesson.course.title}・レッスン {lesson.position} / {lesson.course.lessonCount}（この画面は管理者だけが見られます）
      </p>
      <h2 className="studio__heading">{lesson.title}</h2>
      <LessonContent lesson={lesson} />
      <nav className="studio-actions" aria-label="プレビューの移動">
        {lesson.previous ? <Link className="button" to={studioLessonPreviewPath(courseId, lesson.previous.slug)}>前のレッスン: {lesson.previous.title}</Link> : null}
        {lesson.next ? <Link className="button" to={studioLessonPreviewPath(courseId, lesson.next.slug)}>次のレッスン: {lesson.next.title}</Link> : null}
        <Link className="button button--quiet" to={studioCoursePreviewPath(courseId)}>コースページへ</Link>
        <Link className="button button--quiet" to={studioCoursePath(courseId)}>編集に戻る</Link>
      </nav>
    </article>
  );
}
