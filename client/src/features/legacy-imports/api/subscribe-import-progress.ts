import type { LegacyBadgeImportSummary } from '@campus/contracts/legacy-badge-imports';
import { onConnectionChange, onServerEvent } from '../../../lib/realtime';

export interface ImportProgressSubscriber {
  /** Socket push `admin.importProgress` for this import (every few hundred rows, and at the end). */
  onProgress(progress: LegacyBadgeImportSummary): void;
  onConnected(): void;
  onDisconnected(): void;
}

/** Follows one import's pushes and the socket's connection; returns the function that stops listening. */
export function subscribeImportProgress(importId: string, subscriber: ImportProgressSubscriber): () => void {
  const stops = [
    onServerEvent('admin.importProgress', (progress) => {
      if (progress.importId === importId) subscriber.onProgress(progress);
    }),
    onConnectionChange((connected) => (connected ? subscriber.onConnected() : subscriber.onDisconnected())),
  ];
  return () => stops.forEach((stop) => stop());
}
