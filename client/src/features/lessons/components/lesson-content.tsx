import type { LessonDetail } from '@campus/contracts/lessons';
import { useRef } from 'react';
import { trackEvent } from '../../../lib/analytics';
import { PdfViewer } from '../../../components/pdf-viewer/pdf-viewer';
import { LessonBody } from './lesson-body';

export interface LessonContentProps {
  lesson: LessonDetail;
  /** The learner reached the last slide of a slides lesson. */
  onLastSlide?: () => void;
}

const hasText = (html: string) => html.trim() !== '';

/** The lesson itself: its text, a slide deck (its text folded below) or a video with the text below. */
export function LessonContent({ lesson, onLastSlide }: LessonContentProps) {
  if (lesson.kind === 'text') {
    return hasText(lesson.bodyHtml) ? <LessonBody html={lesson.bodyHtml} /> : <p>このレッスンの本文は準備中です。</p>;
  }
  return (
    <>
      {lesson.kind === 'slides' ? (
        lesson.pdfUrl ? (
          <PdfViewer url={lesson.pdfUrl} title={lesson.title} poster={lesson.slidesPoster} {...(onLastSlide ? { onLastSlide } : {})} />
        ) : (
          <p className="lesson-content__missing">スライドは準備中です。</p>
        )
      ) : lesson.videoUrl ? (
        <LessonVideo url={lesson.videoUrl} captionsUrl={lesson.captionsUrl} transcript={lesson.transcript} title={lesson.title} />
      ) : (
        <p className="lesson-content__missing">動画は準備中です。</p>
      )}
      {hasText(lesson.bodyHtml) && lesson.kind === 'slides' ? (
        // The deck's own text: a transcript for screen readers and search, folded away for everyone else.
        <details className="lesson-content__transcript">
          <summary>スライドのテキストを表示</summary>
          <LessonBody html={lesson.bodyHtml} />
        </details>
      ) : hasText(lesson.bodyHtml) ? (
        <LessonBody html={lesson.bodyHtml} />
      ) : null}
    </>
  );
}

/**
 * The video lesson's player with its Japanese captions (shown from the start) and, under it, the words of
 * the video to read instead; its first play is reported (spec §2: the lesson page's video event).
 */
function LessonVideo({ url, captionsUrl, transcript, title }: { url: string; captionsUrl: string | null; transcript: string | null; title: string }) {
  const played = useRef(false);
  return (
    <div className="lesson-video">
      <video
        className="lesson-video__player"
        controls
        preload="metadata"
        src={url}
        aria-label={title}
        onPlay={() => {
          if (played.current) return;
          played.current = true;
          trackEvent('lesson_video_play', { title });
        }}
      >
        {captionsUrl ? <track kind="captions" srcLang="ja" label="日本語" src={captionsUrl} default /> : null}
        <p>
          お使いのブラウザでは動画を再生できません。<a href={url}>動画ファイルを開く</a>
        </p>
      </video>
      {transcript ? (
        <details className="lesson-video__transcript">
          <summary>文字起こしを表示</summary>
          <p className="lesson-video__transcript-text">{transcript}</p>
        </details>
      ) : null}
    </div>
  );
}
