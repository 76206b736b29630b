import { CqrsModule } from '@nestjs/cqrs';
import { campusJobs, campusPushes } from './campus-registrations.js';
import { AuthModule } from './common/auth/auth.module.js';
import { DependencyHealthModule } from './common/health/dependency-health.js';
import { campusLoggerModule } from './core/logging/logger.module.js';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/config.js';
import type { Logger } from 'pino';
import { DatabaseModule } from './database/database.module.js';
import { JobQueueModule } from './jobs/job-queue.module.js';
import { AccommodationsModule } from './modules/accommodations/accommodations.module.js';
import { AdminStreamModule } from './modules/admin-stream/admin-stream.module.js';
import { AnalyticsLogModule } from './modules/analytics-log/analytics-log.module.js';
import { AgreementsModule } from './modules/agreements/agreements.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { CertificationModule } from './modules/certification/certification.module.js';
import { CertificatesModule } from './modules/certificates/certificates.module.js';
import { CloudCampusMigrationModule } from './modules/cloud-campus-migration/cloud-campus-migration.module.js';
import { CourseActivityModule } from './modules/course-activity/course-activity.module.js';
import { CoursePagesModule } from './modules/course-pages/course-pages.module.js';
import { CredentialsModule } from './modules/credentials/credentials.module.js';
import { ApiDocsModule } from './modules/api-docs/api-docs.module.js';
import { ClockModule } from './modules/clock/clock.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { IdentityModule } from './modules/identity/identity.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { MeModule } from './modules/me/me.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { DownloadsModule } from './modules/downloads/downloads.module.js';
import { LessonsModule } from './modules/lessons/lessons.module.js';
import { ShareModule } from './modules/share/share.module.js';
import { QueueHealthModule } from './modules/queue-health/queue-health.module.js';
import { ExamAnalyticsModule } from './modules/exam-analytics/exam-analytics.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RedisModule } from './redis/redis.module.js';

/** Infrastructure and features, the same for the API and the worker. */
export function campusModules(config: AppConfig, logger: Logger) {
  return [
    ConfigModule.forRoot(config),
    campusLoggerModule(logger),
    CqrsModule.forRoot(),
    DatabaseModule,
    RedisModule,
    DependencyHealthModule,
    JobQueueModule.forRoot(campusJobs),
    RealtimeModule.forRoot(campusPushes),
    AuthModule,
    HealthModule,
    ApiDocsModule,
    IdentityModule,
    MeModule,
    AgreementsModule,
    ClockModule,
    NotificationsModule,
    MailModule,
    AdminStreamModule,
    CatalogueModule,
    CourseActivityModule,
    LessonsModule,
    CoursePagesModule,
    DownloadsModule,
    CertificationModule,
    CertificatesModule,
    CredentialsModule,
    AccommodationsModule,
    CloudCampusMigrationModule,
    ShareModule,
    QueueHealthModule,
    ExamAnalyticsModule,
    AnalyticsLogModule,
  ];
}
