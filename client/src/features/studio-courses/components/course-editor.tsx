import type { LessonDetail } from '@campus/contracts/lessons';
import type { LessonDraft, StudioUploadKind } from '@campus/contracts/studio-courses';
import { useMachine } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { PAGE_ROUTES } from '@campus/contracts/page-routes';
import { generatePath, Link } from 'react-router-dom';
import { AdminLoadFailed, AdminLoading } from '../../../components/admin-page';
import { FormField } from '../../../components/form-field';
import { formatJapaneseDateTime } from '@campus/contracts/tokyo-date';
import { courseEditorMachine, type CourseField, type LessonField, type UploadTarget } from '../machines/course-editor.machine';
import { LEVEL_LABELS, STUDIO_COURSES_PATH, studioCoursePreviewPath } from '../studio-labels';
import { FileField } from './file-field';
import { LessonEditor } from './lesson-editor';
import '../../../components/studio.css';

export interface CourseEditorProps {
  courseId: string;
  /** Draws a lesson exactly as the lesson page does (given by the app, which owns both features). */
  renderLesson: (lesson: LessonDetail) => ReactNode;
  /** Tests pass `courseEditorMachine.provide({...})`. */
  logic?: typeof courseEditorMachine;
}

const KIND_NAMES: Record<LessonDraft['kind'], string> = { text: 'テキスト', slides: 'スライド', video: '動画' };

/** /admin/studio/courses/{courseId}: the course's fields, its lessons in order, and save / publish. */
export function CourseEditor({ courseId, renderLesson, logic = courseEditorMachine }: CourseEditorProps) {
  const [snapshot, send] = useMachine(logic, { input: { courseId } });
  const [dragged, setDragged] = useState<number | null>(null);
  const { document, loaded, errors, formError, notice, selected, newer, categories, dirty } = snapshot.context;

  if (snapshot.matches('loading')) return <AdminLoading label="コースを読み込み中" />;
  if (snapshot.matches('loadFailed') || !document || !loaded) {
    return <AdminLoadFailed message={formError ?? 'コースを読み込めませんでした。'} onRetry={() => send({ type: 'RETRY' })} />;
  }

  const busy = !snapshot.matches('editing') && !snapshot.matches('conflict');
  const { course } = document;
  const editCourse = (field: CourseField) => (event: { target: { value: string } }) =>
    send({ type: 'EDIT_COURSE', field, value: field === 'estimatedMinutes' ? Number(event.target.value) : event.target.value });
  const upload = (target: UploadTarget, kind: StudioUploadKind, file: File) => send({ type: 'UPLOAD', target, kind, file });
  const selectedLesson = selected === null ? null : document.lessons[selected];
  const blockers = loaded.publishBlockers;

  return (
    <div className="studio course-editor">
      <p className="course-editor__state">
        {loaded.live ? (loaded.live.published ? '公開中' : '非公開') : '未公開（下書き）'}
        {loaded.version > 0 ? `・下書き 第 ${loaded.version} 版` : ''}
        {loaded.updatedAt ? (
          <>
            ・最終更新 <time dateTime={loaded.updatedAt}>{formatJapaneseDateTime(loaded.updatedAt)}</time>
            {loaded.updatedByName ? `（${loaded.updatedByName}）` : ''}
          </>
        ) : null}
        {loaded.live?.published ? (
          <>
            ・<a href={loaded.live.path}>受講者のページ</a>
          </>
        ) : null}
      </p>

      {snapshot.matches('conflict') ? (
        <div className="studio-conflict" role="alert">
          <p className="studio-conflict__title">{formError}</p>
          {newer ? (
            <p>
              最新の版（第 {newer.version} 版、{newer.updatedByName ?? '別の管理者'}）: 「{newer.document.course.title}」、レッスン {newer.document.lessons.length} 個
              {newer.document.lessons.length > 0 ? `（${newer.document.lessons.map((lesson) => lesson.title).join('、')}）` : ''}
            </p>
          ) : null}
          <p>あなたの変更はまだこの画面に残っています。必要なら控えてから、最新の版を読み込んでください。</p>
          <button type="button" className="button button--primary" onClick={() => send({ type: 'RELOAD' })}>
            最新の版を読み込む
          </button>
        </div>
      ) : null}

      <form className="admin-form" aria-label="コースの内容" noValidate onSubmit={(event) => { event.preventDefault(); send({ type: 'SAVE' }); }}>
        <fieldset className="admin-form admin-form__fields" disabled={busy}>
          <FormField id="course-title" label="コース名" required error={errors['course.title']}>
            {(control) => <input {...control} className="admin-field__control" type="text" value={course.title} onChange={editCourse('title')} />}
          </FormField>
          <FormField id="course-summary" label="概要（200 文字以内）" required error={errors['course.summary']}>
            {(control) => <textarea {...control} className="admin-field__control" rows={3} value={course.summary} onChange={editCourse('summary')} />}
          </FormField>
          <FormField id="course-slug" label="スラッグ" error={errors['course.slug']}>
            {(control) => <input {...control} className="admin-field__control" type="text" value={course.slug} onChange={editCourse('slug')} />}
          </FormField>
          <div className="studio-row">
            <FormField id="course-level" label="レベル" error={errors['course.level']}>
              {(control) => (
                <select {...control} className="admin-field__control" value={course.level} onChange={editCourse('level')}>
                  {Object.entries(LEVEL_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>{label}</option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="course-minutes" label="所要時間（分）" error={errors['course.estimatedMinutes']}>
              {(control) => <input {...control} className="admin-field__control" type="number" min={1} max={600} value={course.estimatedMinutes} onChange={editCourse('estimatedMinutes')} />}
            </FormField>
          </div>
          {course.kind !== 'certification' ? (
            <fieldset className="admin-field">
              <legend>カテゴリ</legend>
              <div className="admin-field__choices">
                {categories.map((category) => (
                  <label key={category.slug} className="admin-field__choice">
                    <input
                      type="checkbox"
                      checked={course.categories.includes(category.slug)}
                      onChange={(event) =>
                        send({
                          type: 'EDIT_COURSE',
                          field: 'categories',
                          value: event.target.checked ? [...course.categories, category.slug] : course.categories.filter((slug) => slug !== category.slug),
                        })
                      }
                    />
                    {category.name}
                  </label>
                ))}
              </div>
              {errors['course.categories'] ? <p className="admin-field__error">{errors['course.categories']}</p> : null}
            </fieldset>
          ) : null}
          <label className="admin-field__choice">
            <input type="checkbox" checked={course.loginRequired} onChange={(event) => send({ type: 'EDIT_COURSE', field: 'loginRequired', value: event.target.checked })} />
            ログインした方だけに見せる
          </label>
          <label className="admin-field__choice">
            <input
              type="checkbox"
              checked={course.featuredHeadline !== null}
              onChange={(event) => send({ type: 'EDIT_COURSE', field: 'featuredHeadline', value: event.target.checked ? course.title : null })}
            />
            トップページのピックアップに表示する
          </label>
          {course.featuredHeadline !== null ? (
            <FormField id="course-featured" label="ピックアップの見出し（60 文字以内）" error={errors['course.featuredHeadline']}>
              {(control) => <input {...control} className="admin-field__control" type="text" value={course.featuredHeadline ?? ''} onChange={editCourse('featuredHeadline')} />}
            </FormField>
          ) : null}
          <FileField
            id="course-thumbnail"
            label="サムネイル画像（PNG・JPEG・WebP、5 MB まで）"
            accept="image/png,image/jpeg,image/webp"
            current={course.thumbnailPath}
            error={errors['course.thumbnailPath']}
            busy={snapshot.matches('uploading')}
            onFile={(file) => upload({ index: null, field: 'thumbnailPath' }, 'thumbnail', file)}
          />
          {course.thumbnailPath ? (
            // The card's own size (16:9), as learners will see it once published.
            <img className="studio-thumbnail" src={`${loaded.mediaBaseUrl}${course.thumbnailPath}-320.png`} width={320} height={180} alt="サムネイル画像のプレビュー" />
          ) : null}
        </fieldset>
      </form>

      <section className="studio-lessons" aria-labelledby="studio-lessons-title">
        <h2 id="studio-lessons-title" className="studio__heading">レッスン（{document.lessons.length}）</h2>
        <p className="studio__hint">ドラッグするか、「上へ」「下へ」で並べ替えます。</p>
        {errors.lessons ? <p className="admin-field__error">{errors.lessons}</p> : null}
        <ol className="studio-lessons__list">
          {document.lessons.map((lesson, index) => (
            <li
              key={lesson.lessonId}
              className={`studio-lessons__item${selected === index ? ' studio-lessons__item--selected' : ''}${dragged === index ? ' studio-lessons__item--dragged' : ''}`}
              draggable={!busy}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) send({ type: 'MOVE_LESSON', from: dragged, to: index });
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <button type="button" className="studio-lessons__select" aria-pressed={selected === index} onClick={() => send({ type: 'SELECT_LESSON', index })}>
                {index + 1}. {lesson.title}
                <span className="studio-lessons__kind">{KIND_NAMES[lesson.kind]}</span>
              </button>
              <span className="studio-lessons__moves">
                <button type="button" className="button button--quiet" disabled={busy || index === 0} aria-label={`「${lesson.title}」を上へ`} onClick={() => send({ type: 'MOVE_LESSON', from: index, to: index - 1 })}>
                  上へ
                </button>
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={busy || index === document.lessons.length - 1}
                  aria-label={`「${lesson.title}」を下へ`}
                  onClick={() => send({ type: 'MOVE_LESSON', from: index, to: index + 1 })}
                >
                  下へ
                </button>
              </span>
            </li>
          ))}
        </ol>
        <div className="studio-lessons__add">
          {(['text', 'slides', 'video'] as const).map((kind) => (
            <button key={kind} type="button" className="button" disabled={busy} onClick={() => send({ type: 'ADD_LESSON', kind, lessonId: crypto.randomUUID() })}>
              {KIND_NAMES[kind]}レッスンを追加
            </button>
          ))}
        </div>
      </section>

      {selectedLesson && selected !== null ? (
        <LessonEditor
          key={selectedLesson.lessonId}
          lesson={selectedLesson}
          index={selected}
          course={document.course}
          mediaBaseUrl={loaded.mediaBaseUrl}
          lessonCount={document.lessons.length}
          errors={errors}
          busy={busy}
          uploading={snapshot.matches('uploading')}
          renderLesson={renderLesson}
          onEdit={(field: LessonField, value: string | number | boolean) => send({ type: 'EDIT_LESSON', index: selected, field, value })}
          onUpload={(field, kind, file) => upload({ index: selected, field }, kind, file)}
          onRemove={() => send({ type: 'REMOVE_LESSON', index: selected })}
        />
      ) : null}

      {blockers.length > 0 && !dirty ? (
        <div className="studio-blockers" role="status">
          <p className="studio-blockers__title">公開する前に:</p>
          <ul>
            {blockers.map((blocker) => (
              <li key={`${blocker.field}${blocker.message}`}>{blocker.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {notice ? <p className="studio-notice" role="status">{notice}</p> : null}
      {course.kind === 'certification' ? (
        <p className="studio__hint">
          認定試験コースは、公開したあと問題バンクで分野と問題を用意し、出題数を決めた出題設計を保存すると受講者に表示されます。
        </p>
      ) : null}
      {formError && !snapshot.matches('conflict') ? <p className="admin-form__error" role="alert">{formError}</p> : null}
      <div className="admin-form__actions studio-actions">
        <button type="button" className="button" disabled={busy || !dirty} onClick={() => send({ type: 'SAVE' })} aria-busy={snapshot.matches('saving') || undefined}>
          下書きを保存
        </button>
        <button type="button" className="button button--primary" disabled={busy || (!dirty && loaded.version === 0)} onClick={() => send({ type: 'PUBLISH' })} aria-busy={snapshot.matches('publishing') || undefined}>
          公開する
        </button>
        {loaded.live?.published && course.kind !== 'certification' ? (
          <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'UNPUBLISH' })}>
            非公開にする
          </button>
        ) : null}
        {loaded.live?.published && course.kind === 'certification' ? (
          <Link className="button" to={generatePath(PAGE_ROUTES.adminStudioBlueprint.path, { courseSlug: course.slug })}>
            問題バンクと出題設計へ
          </Link>
        ) : null}
        {document.lessons[0] && loaded.version > 0 && !dirty ? (
          <Link className="button button--quiet" to={studioCoursePreviewPath(courseId)}>
            受講者として確認
          </Link>
        ) : null}
        <Link className="button button--quiet" to={STUDIO_COURSES_PATH}>
          一覧へ戻る
        </Link>
      </div>
    </div>
  );
}
