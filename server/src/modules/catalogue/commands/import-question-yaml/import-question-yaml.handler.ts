import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { ImportQuestionsResult } from '../../../../contracts/studio-questions.js';
import { EventStore, type StreamAppend } from '../../../../database/event-store.js';
import { questionVersions } from '../../catalogue.schema.js';
import { QUESTION_STREAM, QuestionDrafted } from '../../events.js';
import { bankCourseBySlug, latestVersionOf } from '../../studio/question-bank.js';
import { readQuestionsYaml, sameContent } from '../../studio/question-yaml.js';
import { ImportQuestionYamlCommand } from './import-question-yaml.command.js';

@CommandHandler(ImportQuestionYamlCommand)
export class ImportQuestionYamlHandler implements ICommandHandler<ImportQuestionYamlCommand> {
  constructor(private readonly eventStore: EventStore) {}

  /**
   * All or nothing: the file is checked whole before anything is written, and the writes are one
   * transaction. A question whose content equals its latest version is skipped (an export imported
   * back changes nothing); the others get a new draft version, published later one by one.
   */
  async execute({ adminId, courseSlug, request, meta }: ImportQuestionYamlCommand): Promise<ImportQuestionsResult> {
    return this.eventStore.commit(meta, async ({ tx, appendToStreams, lockStream }) => {
      const course = await bankCourseBySlug(tx, courseSlug);
      const items = readQuestionsYaml(request.yaml, Object.keys(course.blueprint.topics));
      const result: ImportQuestionsResult = { created: [], changed: [], unchanged: 0 };
      const appends: StreamAppend[] = [];
      for (const { id, fields } of items) {
        const streamId = `${course.id}:${id}`;
        const streamVersion = await lockStream(QUESTION_STREAM, streamId);
        const latest = await latestVersionOf(tx, course.id, id);
        // A retired question listed again comes back as a draft; an unchanged live one is left as it is.
        if (latest && latest.status !== 'retired' && sameContent(latest, fields)) {
          result.unchanged += 1;
          continue;
        }
        // The pack has no difficulty: a changed question keeps the one the studio gave it.
        const difficulty = latest?.difficulty ?? null;
        const version = (latest?.version ?? 0) + 1;
        await tx.insert(questionVersions).values({ courseId: course.id, questionId: id, version, status: 'draft', ...fields, difficulty, editedBy: adminId });
        (latest ? result.changed : result.created).push(id);
        appends.push({
          stream: { streamType: QUESTION_STREAM, streamId, expectedVersion: streamVersion },
          events: [new QuestionDrafted({ courseId: course.id, courseSlug, questionId: id, version, topic: fields.topic, editedBy: adminId })],
        });
      }
      if (appends.length > 0) await appendToStreams(appends);
      return result;
    });
  }
}
