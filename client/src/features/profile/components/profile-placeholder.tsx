/** Grey blocks while the profile loads; read out as 読み込み中. */
export function ProfilePlaceholder() {
  return (
    <div role="status">
      <span className="visually-hidden">読み込み中</span>
      <div className="page-skeleton__block" aria-hidden="true" />
      <div className="page-skeleton__block page-skeleton__block--short" aria-hidden="true" />
      <div className="page-skeleton__block" aria-hidden="true" />
    </div>
  );
}
