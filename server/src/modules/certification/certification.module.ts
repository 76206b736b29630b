import { Module } from '@nestjs/common';
import { CertificationController } from './certification.controller.js';
import { SaveAnswerHandler } from './commands/save-answer/save-answer.handler.js';
import { StartExamHandler } from './commands/start-exam/start-exam.handler.js';
import { GetExamSessionHandler } from './queries/get-exam-session/get-exam-session.handler.js';

@Module({ controllers: [CertificationController], providers: [StartExamHandler, GetExamSessionHandler, SaveAnswerHandler] })
export class CertificationModule {}
