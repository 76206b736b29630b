import type { LessonDetail } from '@campus/contracts/lessons';
import type { CourseDraftFields, LessonDraft, StudioUploadKind } from '@campus/contracts/studio-courses';
import { useMachine } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { mediaDownloadUrlOf } from '@campus/contracts/routes/lessons';
import { FormField } from '../../../components/form-field';
import type { LessonField } from '../machines/course-editor.machine';
import { markdownPreviewMachine } from '../machines/markdown-preview.machine';
import { FileField } from './file-field';

export interface LessonEditorProps {
  lesson: LessonDraft;
  index: number;
  course: CourseDraftFields;
  /** The media storage's published address (the draft says it). */
  mediaBaseUrl: string;
  lessonCount: number;
  errors: Record<string, string>;
  busy: boolean;
  uploading: boolean;
  renderLesson: (lesson: LessonDetail) => ReactNode;
  onEdit: (field: LessonField, value: string | number | boolean) => void;
  onUpload: (field: 'pdfPath' | 'videoPath' | 'captionsPath', kind: StudioUploadKind, file: File) => void;
  onRemove: () => void;
}


/** One lesson's fields by kind, with the live preview drawn as the lesson page draws it. */
export function LessonEditor(props: LessonEditorProps) {
  const { lesson, index, course, mediaBaseUrl, lessonCount, errors, busy, uploading, renderLesson, onEdit, onUpload, onRemove } = props;
  const [preview, send] = useMachine(markdownPreviewMachine, { input: { body: lesson.body } });
  useEffect(() => send({ type: 'TEXT', body: lesson.body }), [lesson.body, send]);
  // Read through the download proxy, as the lesson page reads the published files.
  const mediaUrlOf = (storagePath: string | null) => (storagePath ? mediaDownloadUrlOf(mediaBaseUrl, storagePath) : null);
  const error = (field: string) => errors[`lessons.${index}.${field}`] || undefined;
  const id = (field: string) => `lesson-${field}`;
  const text = (field: LessonField) => (event: { target: { value: string } }) => onEdit(field, field === 'estimatedMinutes' ? Number(event.target.value) : event.target.value);

  const previewLesson: LessonDetail = {
    slug: lesson.slug,
    title: lesson.title,
    kind: lesson.kind,
    estimatedMinutes: lesson.estimatedMinutes,
    loginRequired: lesson.loginRequired,
    isCompleted: false,
    bodyHtml: preview.context.preview?.bodyHtml ?? '',
    pdfUrl: lesson.kind === 'slides' ? mediaUrlOf(lesson.pdfPath) : null,
    slidesPoster: null,
    videoUrl: lesson.kind === 'video' ? mediaUrlOf(lesson.videoPath) : null,
    captionsUrl: lesson.kind === 'video' ? mediaUrlOf(lesson.captionsPath) : null,
    transcript: lesson.kind === 'video' ? lesson.transcript : null,
    relatedLinks: [],
    checks: preview.context.preview?.checks ?? [],
    position: index + 1,
    course: { kind: course.kind, slug: course.slug, title: course.title, path: '#', lessonCount },
    previous: null,
    next: null,
  };

  return (
    <section className="studio-lesson" aria-labelledby="studio-lesson-title">
      <h2 id="studio-lesson-title" className="studio__heading">
        レッスン {index + 1} の編集
      </h2>
      <div className="studio-lesson__columns">
        <fieldset className="admin-form admin-form__fields" disabled={busy}>
          <FormField id={id('title')} label="レッスン名" required error={error('title')}>
            {(control) => <input {...control} className="admin-field__control" type="text" value={lesson.title} onChange={text('title')} />}
          </FormField>
          <div className="studio-row">
            <FormField id={id('slug')} label="スラッグ" error={error('slug')}>
              {(control) => <input {...control} className="admin-field__control" type="text" value={lesson.slug} onChange={text('slug')} />}
            </FormField>
            <FormField id={id('minutes')} label="所要時間（分）" error={error('estimatedMinutes')}>
              {(control) => <input {...control} className="admin-field__control" type="number" min={1} max={120} value={lesson.estimatedMinutes} onChange={text('estimatedMinutes')} />}
            </FormField>
          </div>
          {lesson.kind === 'slides' ? (
            <FileField id={id('pdf')} label="スライド（PDF、20 MB まで）" accept="application/pdf" current={lesson.pdfPath} error={error('pdfPath')} busy={uploading} onFile={(file) => onUpload('pdfPath', 'pdf', file)} />
          ) : null}
          {lesson.kind === 'video' ? (
            <>
              <FileField
                id={id('video')}
                label="動画（MP4・WebM、200 MB まで）"
                accept="video/mp4,video/webm"
                current={lesson.videoPath}
                error={error('videoPath')}
                busy={uploading}
                onFile={(file) => onUpload('videoPath', 'video', file)}
              />
              <FileField
                id={id('captions')}
                label="字幕（WebVTT、日本語。公開に必須）"
                accept=".vtt,text/vtt"
                current={lesson.captionsPath}
                error={error('captionsPath')}
                busy={uploading}
                // Some systems give .vtt no media type: it is WebVTT by its name.
                onFile={(file) => onUpload('captionsPath', 'captions', file.type ? file : new File([file], file.name, { type: 'text/vtt' }))}
              />
              <FormField id={id('transcript')} label="文字起こし（動画の下に表示。公開に必須）" error={error('transcript')}>
                {(control) => <textarea {...control} className="admin-field__control" rows={5} value={lesson.transcript ?? ''} onChange={text('transcript')} />}
              </FormField>
            </>
          ) : null}
          <FormField
            id={id('body')}
            label={lesson.kind === 'text' ? '本文（Markdown）' : '説明（Markdown）'}
            hint="見出しは ## から。```check のブロックで確認問題を書けます。"
            error={error('body')}
          >
            {(control) => <textarea {...control} className="admin-field__control studio-lesson__markdown" rows={16} value={lesson.body} onChange={text('body')} />}
          </FormField>
          <label className="admin-field__choice">
            <input type="checkbox" checked={lesson.loginRequired} onChange={(event) => onEdit('loginRequired', event.target.checked)} />
            ログインした方だけに見せる
          </label>
          <button type="button" className="button button--quiet" onClick={onRemove}>
            このレッスンを削除
          </button>
        </fieldset>
        <div className="studio-lesson__preview" aria-label="プレビュー" role="region">
          <p className="studio__hint">プレビュー（レッスンページと同じ表示）</p>
          {preview.context.preview?.problems.length ? (
            <ul className="admin-field__error">
              {preview.context.preview.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          {preview.context.error ? <p className="admin-field__error">{preview.context.error}</p> : null}
          <h3 className="studio-lesson__preview-title">{lesson.title}</h3>
          {renderLesson(previewLesson)}
        </div>
      </div>
    </section>
  );
}
