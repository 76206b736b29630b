import { MYPAGE_PAGE_NAMES } from '@campus/contracts/page-names';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { PROFILE_EDIT_PATH } from '../../../lib/profile-paths';
import { pageTitle } from '../../../lib/site';
import { profilePageMachine, type ProfilePageData } from '../machines/profile-page.machine';
import { BadgeShelf } from './badge-shelf';
import { MailPreferencesSection } from './mail-preferences-section';
import { ProfilePlaceholder } from './profile-placeholder';
import './profile.css';
import { PhraseText } from '../../../components/phrase-text';

export const NO_PROFILE_TEXT = 'プロフィールはまだ登録されていません。';

const MYPAGE_LINKS = [
  { to: '/mypage/history', text: '受講履歴' },
  { to: '/mypage/wishlist', text: '受講したいリスト' },
  { to: '/mypage/certificates', text: '認定証' },
] as const;

/** /mypage/profile: the profile as the campus knows it, the name certificates print, the badges held. */
export function ProfileView() {
  const [snapshot, send] = useMachine(profilePageMachine);
  const { data } = snapshot.context;
  return (
    <section className="profile-page" aria-labelledby="profile-page-title" aria-busy={snapshot.matches('loading') || undefined}>
      <title>{pageTitle(MYPAGE_PAGE_NAMES.profile)}</title>
      <h1 id="profile-page-title">
        <PhraseText text={MYPAGE_PAGE_NAMES.profile} />
      </h1>
      {snapshot.matches('loading') ? <ProfilePlaceholder /> : null}
      {snapshot.matches('failed') ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__message">プロフィールを読み込めませんでした。時間をおいて再度お試しください。</p>
          <button type="button" className="button" onClick={() => send({ type: 'RETRY' })}>
            再読み込み
          </button>
        </div>
      ) : null}
      {snapshot.matches('ready') && data ? <ProfileContent data={data} /> : null}
      <nav className="profile-page__links" aria-label="マイページ">
        <ul>
          {MYPAGE_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.text}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

function ProfileContent({ data: { profile, badges } }: { data: ProfilePageData }) {
  if (!profile.hasProfile) {
    return (
      <div className="empty-state">
        <p className="empty-state__message">{NO_PROFILE_TEXT}</p>
        <p>認定試験の受験と認定証の発行には、プロフィールの登録が必要です。</p>
        <Link className="button button--primary" to={PROFILE_EDIT_PATH}>
          登録する
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="profile-card">
        {profile.iconUrl ? (
          <img className="profile-card__icon" src={profile.iconUrl} alt="" width={64} height={64} />
        ) : (
          <span className="profile-card__icon profile-card__icon--initial" aria-hidden="true">
            {profile.lastName.slice(0, 1)}
          </span>
        )}
        <dl className="profile-card__facts">
          <dt>氏名</dt>
          <dd>
            {profile.lastName} {profile.firstName}
          </dd>
          <dt>フリガナ</dt>
          <dd>
            {profile.lastNameKana} {profile.firstNameKana}
          </dd>
          <dt>メールアドレス</dt>
          <dd>{profile.email}</dd>
          <dt>認定証に印字されるお名前</dt>
          <dd>{profile.printedName}</dd>
        </dl>
        <Link className="button" to={PROFILE_EDIT_PATH}>
          編集する
        </Link>
      </div>
      <h2>
        <PhraseText text="取得したスキルバッジ" />
      </h2>
      <BadgeShelf badges={badges} now={new Date()} />
      <MailPreferencesSection />
    </>
  );
}
