import type { LegacyBadgeImportSummary } from '@campus/contracts/legacy-badge-imports';

export const progressText = (progress: Pick<LegacyBadgeImportSummary, 'processedRows' | 'totalRows'>) =>
  `${progress.processedRows} / ${progress.totalRows} 行`;

/** How far the worker is; before it has counted the rows, a bar without a value. */
export function ImportProgress({ progress }: { progress: LegacyBadgeImportSummary | null }) {
  const counted = progress !== null && progress.totalRows > 0;
  return (
    <div className="import-progress">
      {counted ? (
        <progress className="import-progress__bar" aria-label="取り込みの進み具合" max={progress.totalRows} value={progress.processedRows} />
      ) : (
        <progress className="import-progress__bar" aria-label="取り込みの進み具合" />
      )}
      <p className="import-progress__text" role="status">
        {counted ? progressText(progress) : '取り込みの順番を待っています…'}
      </p>
    </div>
  );
}
