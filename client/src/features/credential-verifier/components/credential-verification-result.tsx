import type { CredentialVerification } from '@campus/contracts/credentials';
import { REVOCATION_CATEGORY_NAMES } from '@campus/contracts/revocation-categories';
import { formatJapaneseDate } from '@campus/contracts/tokyo-date';
import { FORMAT_LABELS, NO_NAME_TEXT, STATUS_LABELS } from '../credential-verifier-labels';

/** The period as the credential states it; an open end is said so. */
function periodOf({ validFrom, validUntil }: Pick<CredentialVerification, 'validFrom' | 'validUntil'>): string {
  if (!validFrom && !validUntil) return '記載なし';
  return `${validFrom ? formatJapaneseDate(validFrom) : '（開始日の記載なし）'} 〜 ${validUntil ? formatJapaneseDate(validUntil) : '（期限なし）'}`;
}

function statusOf(result: CredentialVerification): string {
  if (result.status !== 'revoked') return STATUS_LABELS[result.status];
  const details = [result.revokedAt ? formatJapaneseDate(result.revokedAt) : null, result.revocationCategory ? REVOCATION_CATEGORY_NAMES[result.revocationCategory] : null].filter(Boolean);
  return details.length > 0 ? `取り消し（${details.join('・')}）` : '取り消し';
}

/** What the campus found: the signature first (the verdict, announced), then who, for whom, when, and now. */
export function CredentialVerificationResult({ result }: { result: CredentialVerification }) {
  const valid = result.signature === 'valid';
  return (
    <section className={`credential-result credential-result--${valid ? 'valid' : 'invalid'}`} aria-labelledby="credential-result-title">
      <h2 id="credential-result-title" className="credential-result__title">
        確認結果
      </h2>
      <p className="credential-result__verdict" role="status">
        {valid ? '署名は有効です。この認定証は発行者が発行したときのままです。' : '署名は無効です。この認定証の内容は確かめられませんでした。'}
      </p>
      {valid ? null : (
        <div className="credential-result__reasons">
          <h3 className="credential-result__subtitle">無効な理由</h3>
          <ul>
            {result.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className="credential-result__facts">
        <div>
          <dt>署名</dt>
          <dd className={valid ? 'credential-result__ok' : 'credential-result__ng'}>{valid ? '有効' : '無効'}</dd>
        </div>
        <div>
          <dt>発行者</dt>
          <dd>
            {result.issuer.name ?? '（名称の記載なし）'}
            {result.issuer.isThisCampus ? <span className="credential-result__tag">このキャンパス</span> : null}
            <span className="credential-result__id">{result.issuer.id}</span>
            {result.issuer.url ? <span className="credential-result__id">{result.issuer.url}</span> : null}
          </dd>
        </div>
        <div>
          <dt>対象者</dt>
          <dd>{result.subject.name ?? NO_NAME_TEXT}</dd>
        </div>
        {result.achievementName ? (
          <div>
            <dt>認定内容</dt>
            <dd>{result.achievementName}</dd>
          </div>
        ) : null}
        <div>
          <dt>有効期間</dt>
          <dd>{periodOf(result)}</dd>
        </div>
        <div>
          <dt>現在の状態</dt>
          <dd>
            <span className={`credential-result__status credential-result__status--${result.status}`}>{statusOf(result)}</span>
            {result.statusNote ? <span className="credential-result__note">{result.statusNote}</span> : null}
            {result.supersededAt ? <span className="credential-result__note">{formatJapaneseDate(result.supersededAt)}に、更新された新しい認定証に置き換えられています。</span> : null}
          </dd>
        </div>
        <div>
          <dt>形式</dt>
          <dd>{FORMAT_LABELS[result.format]}</dd>
        </div>
      </dl>
    </section>
  );
}
