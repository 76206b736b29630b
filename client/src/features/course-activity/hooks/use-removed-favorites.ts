import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import { useCallback, useState } from 'react';
import type { FavoriteSettledListener } from '../../../components/favorite-toggle/favorite-settled-context';

const keyOf = (kind: ActivityCourseKind, slug: string) => `${kind}:${slug}`;

/**
 * The courses taken off the wish list on this page (pressing the heart again puts one back).
 * `onSettled` goes into a FavoriteSettledContext around the list.
 */
export function useRemovedFavorites() {
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const onSettled = useCallback<FavoriteSettledListener>(({ kind, slug }, isFavorite) => {
    setRemoved((previous) => {
      const key = keyOf(kind, slug);
      if (previous.has(key) === !isFavorite) return previous;
      const next = new Set(previous);
      if (isFavorite) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const isRemoved = useCallback((kind: ActivityCourseKind, slug: string) => removed.has(keyOf(kind, slug)), [removed]);
  return { isRemoved, onSettled };
}
