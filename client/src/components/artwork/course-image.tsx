import type { CourseKind } from '@campus/contracts/catalogue';
import { useState } from 'react';
import './course-image.css';

/** The widths `npm run course-images` draws (infra/scripts/course-images.mjs); the file names follow its stem. */
export const COURSE_IMAGE_WIDTHS = [320, 640] as const;
const [SMALL, LARGE] = COURSE_IMAGE_WIDTHS;
const HEIGHT_RATIO = 9 / 16;

/** A card is the full content width below 900 px (one column), else a column of the card grid. */
const CARD_SIZES = '(max-width: 899px) calc(100vw - 2rem), 22rem';

export const courseImageUrl = (kind: CourseKind, slug: string, width: number, format: 'avif' | 'webp' | 'png') =>
  `/course-images/${kind}-${slug}-${width}.${format}`;

const srcSet = (kind: CourseKind, slug: string, format: 'avif' | 'webp' | 'png') =>
  COURSE_IMAGE_WIDTHS.map((width) => `${courseImageUrl(kind, slug, width, format)} ${width}w`).join(', ');

/**
 * A course's generated thumbnail: AVIF, then WebP, then PNG, each at two widths; width and height are set
 * so the page does not shift when it arrives. Decorative (alt="") by default, because every place that shows
 * it prints the course title beside it. `eager` for the first card a visitor sees; the rest load lazily.
 * A course without a drawn image (added after the artwork was generated) shows its programme's colour.
 */
export function CourseImage({
  kind,
  slug,
  program,
  eager = false,
  alt = '',
  sizes = CARD_SIZES,
}: {
  kind: CourseKind;
  slug: string;
  program: string;
  eager?: boolean;
  alt?: string;
  sizes?: string;
}) {
  const [missing, setMissing] = useState(false);
  if (missing) return <span className={`course-image course-image--missing course-image--${program.toLowerCase()}`} role={alt ? 'img' : undefined} aria-label={alt || undefined} />;
  return (
    <picture className="course-image">
      <source type="image/avif" srcSet={srcSet(kind, slug, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(kind, slug, 'webp')} sizes={sizes} />
      <img
        src={courseImageUrl(kind, slug, SMALL, 'png')}
        srcSet={srcSet(kind, slug, 'png')}
        sizes={sizes}
        width={LARGE}
        height={LARGE * HEIGHT_RATIO}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setMissing(true)}
      />
    </picture>
  );
}
