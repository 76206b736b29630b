import type { Readable } from 'node:stream';
import { Command } from '@nestjs/cqrs';
import type { StudioUpload, StudioUploadKind } from '../../../../contracts/studio-courses.js';

/** An admin uploads a lesson's PDF, video or captions, or a course thumbnail: streamed into the media storage. */
export class UploadStudioMediaCommand extends Command<StudioUpload> {
  constructor(
    readonly kind: StudioUploadKind,
    readonly contentType: string,
    readonly body: Readable,
  ) {
    super();
  }
}
