import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { renderMarkdown } from '../../../../core/markdown/render-markdown.js';
import type { LessonPreview } from '../../../../contracts/studio-courses.js';
import { answerChecksIn } from '../../content/load-content-pack.js';
import { PreviewLessonMarkdownQuery } from './preview-lesson-markdown.query.js';

@QueryHandler(PreviewLessonMarkdownQuery)
export class PreviewLessonMarkdownHandler implements IQueryHandler<PreviewLessonMarkdownQuery> {
  /** The same renderer and answer-check reading as the lesson page and the import: what you see is what learners get. */
  execute({ body }: PreviewLessonMarkdownQuery): Promise<LessonPreview> {
    const { checks, problems } = answerChecksIn(body);
    return Promise.resolve({ bodyHtml: renderMarkdown(body), checks, problems: problems.map((problem) => `${problem.field}: ${problem.message}`) });
  }
}
