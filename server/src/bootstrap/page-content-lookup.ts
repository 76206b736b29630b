import type { INestApplication } from '@nestjs/common';
import { readSessionToken } from '../common/auth/session-cookie.js';
import { SESSION_LOOKUP, type SessionLookup } from '../common/auth/session-lookup.js';
import type { PageContentLookup } from '../common/http/page-status.js';
import { certificationLabelOf } from '../contracts/catalogue-slugs.js';
import type { PageFacts } from '../contracts/page-facts.js';
import type { CoursePageContent } from '../contracts/page-routes.js';
import { renderMarkdown } from '../core/markdown/render-markdown.js';
import type { AppConfig } from '../config/config.js';
import { mediaDownloadUrlOf } from '../contracts/routes/lessons.js';
import { CataloguePages, type CoursePage } from '../modules/catalogue/catalogue-pages.js';
import { OwnCertificatePages } from '../modules/certificates/own-certificate-pages.js';
import { FeedItemPages } from '../modules/notifications/feed-item-pages.js';

/**
 * Whether the content a page address names is there, for the page's HTTP status (and, of a course,
 * its kind and a slide lesson's first picture, for the page's HTML): each module answers for its own pages. A learner's own pages (a certificate, a personal notification) ask whose session
 * the request carries; without one the page is the login prompt, whatever the id — so nobody learns
 * whether another learner's certificate exists.
 */
export function pageContentLookup(app: INestApplication, config: AppConfig): PageContentLookup {
  const catalogue = app.get(CataloguePages);
  const feeds = app.get(FeedItemPages);
  const certificates = app.get(OwnCertificatePages);
  const sessions = app.get<SessionLookup>(SESSION_LOOKUP);
  const there = (found: boolean) => (found ? {} : null);
  return async (content, request) => {
    switch (content.kind) {
      case 'course': {
        const found = await catalogue.coursePageAt(content);
        return found && coursePageFacts(content, found, config.storage.mediaBaseUrl);
      }
      case 'announcement':
        return there(await feeds.announcementIsLive(content.announcementId));
      case 'notification':
      case 'certificate': {
        const viewer = await sessions.resolve(readSessionToken(request, config));
        if (!viewer) return {};
        return there(content.kind === 'certificate' ? await certificates.holds(viewer.id, content.certificateKey) : await feeds.notificationIsFor(viewer.id, content.notificationId));
      }
    }
  };
}

/** What a course or lesson page's HTML says before the app runs: the course's kind, the page's text, a slide lesson's first picture. */
function coursePageFacts(content: CoursePageContent, { kind, title, summary, lesson }: CoursePage, mediaBaseUrl: string): PageFacts {
  // An exam page's largest text is its own, not the course's.
  if (content.examPage) return { courseKind: kind };
  // As the client's pages name the course in their breadcrumbs: a certification course by its short label.
  const courseLabel = kind === 'certification' ? certificationLabelOf(content.courseSlug, title) : title;
  if (!lesson) return { courseKind: kind, firstText: { page: 'course', breadcrumb: [content.area, { label: courseLabel }], title, summary } };
  // A lesson for logged-in learners (every certification lesson: client/src/app/router.tsx) shows a visitor
  // the login prompt: nothing of it goes into the HTML.
  if (lesson.loginRequired || kind === 'certification') return { courseKind: kind };
  const coursePath = `${content.area.path}/courses/${content.courseSlug}`;
  const poster = lesson.slidesPoster;
  // The address the lesson API gives the picture, so that the page's <img> uses the preloaded copy.
  const picture = poster && { url: mediaDownloadUrlOf(mediaBaseUrl, poster.path), width: poster.width, height: poster.height, pageCount: poster.pageCount };
  return {
    courseKind: kind,
    ...(picture ? { firstImage: picture.url } : {}),
    firstText: {
      page: 'lesson',
      breadcrumb: [content.area, { label: courseLabel, path: coursePath }, { label: lesson.title }],
      courseTitle: title,
      coursePath,
      title: lesson.title,
      bodyHtml: lesson.textBody === null ? null : renderMarkdown(lesson.textBody),
      picture,
    },
  };
}
