import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router-dom';

export type AllowedDataState = { state: 'ready' } | { state: 'waiting' } | { state: 'failed'; retry: () => void };

/**
 * For a page whose loader answered `needsSession` (it ran before the login or the agreements):
 * the route guard renders the page only once the learner is allowed, so the data is loaded again
 * then — once; if the server still refuses, the page offers a retry rather than looping.
 */
export function useReloadWhenAllowed(status: 'ready' | 'needsSession'): AllowedDataState {
  const revalidator = useRevalidator();
  const asked = useRef(false);

  useEffect(() => {
    if (status !== 'needsSession' || asked.current) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [status, revalidator]);

  if (status === 'ready') return { state: 'ready' };
  if (!asked.current || revalidator.state === 'loading') return { state: 'waiting' };
  return { state: 'failed', retry: () => void revalidator.revalidate() };
}
