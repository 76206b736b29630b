import type { INestApplication } from '@nestjs/common';
import { readSessionToken } from '../common/auth/session-cookie.js';
import { SESSION_LOOKUP, type SessionLookup } from '../common/auth/session-lookup.js';
import type { PageContentLookup } from '../common/http/page-status.js';
import type { AppConfig } from '../config/config.js';
import { mediaDownloadUrlOf } from '../contracts/routes/lessons.js';
import { CataloguePages } from '../modules/catalogue/catalogue-pages.js';
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
        if (!found) return null;
        // The address the lesson API gives the picture, so that the page's <img> uses the preloaded copy.
        return found.slidesPosterPath
          ? { courseKind: found.kind, firstImage: mediaDownloadUrlOf(config.storage.mediaBaseUrl, found.slidesPosterPath) }
          : { courseKind: found.kind };
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
