import type { ActivityCourseKind } from '@campus/contracts/course-activity';
import { createContext, useContext } from 'react';

export type FavoriteSettledListener = (course: { kind: ActivityCourseKind; slug: string }, isFavorite: boolean) => void;

/**
 * Lets a list hear every FavoriteToggle inside it settle, without threading a callback through
 * the course cards that render the toggles (the wish list page marks removed courses with it).
 */
export const FavoriteSettledContext = createContext<FavoriteSettledListener | null>(null);

export const useFavoriteSettledListener = (): FavoriteSettledListener | null => useContext(FavoriteSettledContext);
