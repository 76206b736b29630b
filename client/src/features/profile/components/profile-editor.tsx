import { printedNameOf, type CurrentUser } from '@campus/contracts/current-user';
import { MYPAGE_PAGE_NAMES } from '@campus/contracts/page-names';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormField, focusFirstInvalid } from '../../../components/form-field';
import { showToast } from '../../../components/ui/popup/popups';
import { pageTitle } from '../../../lib/site';
import {
  profileEditorMachine,
  selectDraft,
  selectFieldErrors,
  selectFormError,
  selectHadProfile,
  selectPhase,
  type ProfileField,
} from '../machines/profile-editor.machine';
import { ProfilePlaceholder } from './profile-placeholder';
import './profile.css';
import { PhraseText } from '../../../components/phrase-text';

export const PROFILE_SAVED_TEXT = 'プロフィールを保存しました。';

const FIELD_IDS: readonly (readonly [ProfileField, string])[] = [
  ['lastName', 'profile-last-name'],
  ['firstName', 'profile-first-name'],
  ['lastNameKana', 'profile-last-name-kana'],
  ['firstNameKana', 'profile-first-name-kana'],
  ['email', 'profile-email'],
];
const idOf = (field: ProfileField) => FIELD_IDS.find(([name]) => name === field)![1];

interface TextFieldSpec {
  field: ProfileField;
  label: string;
  hint?: string;
  autoComplete?: string;
  type?: 'text' | 'email';
}

const NAME_FIELDS: readonly TextFieldSpec[] = [
  { field: 'lastName', label: '姓', autoComplete: 'family-name' },
  { field: 'firstName', label: '名', autoComplete: 'given-name' },
];
const KANA_FIELDS: readonly TextFieldSpec[] = [
  { field: 'lastNameKana', label: 'セイ', hint: '全角カタカナ' },
  { field: 'firstNameKana', label: 'メイ', hint: '全角カタカナ' },
];
const EMAIL_FIELD: TextFieldSpec = { field: 'email', label: 'メールアドレス', autoComplete: 'email', type: 'email', hint: '認定証に関するご連絡に使います。' };

/**
 * /mypage/profile/edit: registers or changes the profile. Once saved, `onSaved` hands the new user to
 * the session (header, exam pages) and the learner goes back to `returnPath` — the page that asked
 * for a profile, or the profile itself.
 */
export function ProfileEditor({ returnPath, onSaved }: { returnPath: string; onSaved: (user: CurrentUser) => void }) {
  const actor = useActorRef(profileEditorMachine);
  const navigate = useNavigate();
  const phase = useSelector(actor, selectPhase);
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectFieldErrors);
  const formError = useSelector(actor, selectFormError);
  const hadProfile = useSelector(actor, selectHadProfile);

  useEffect(() => {
    const saved = actor.on('saved', ({ user }) => {
      onSaved(user);
      showToast(PROFILE_SAVED_TEXT);
      void navigate(returnPath);
    });
    // After the machine has put its messages in place: the first field in error takes focus, read with its message.
    const invalid = actor.on('invalid', () => queueMicrotask(() => focusFirstInvalid(FIELD_IDS, selectFieldErrors(actor.getSnapshot()))));
    return () => {
      saved.unsubscribe();
      invalid.unsubscribe();
    };
  }, [actor, navigate, onSaved, returnPath]);

  const title = phase === 'loading' || hadProfile ? MYPAGE_PAGE_NAMES.profileEdit : 'プロフィールの登録';
  const saving = phase === 'saving';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };

  const textField = ({ field, label, hint, autoComplete, type = 'text' }: TextFieldSpec) => (
    <FormField key={field} id={idOf(field)} label={label} hint={hint} error={errors[field]} required>
      {(control) => (
        <input
          {...control}
          className="admin-field__control"
          type={type}
          value={draft[field]}
          autoComplete={autoComplete}
          onChange={(event) => actor.send({ type: 'EDIT', field, value: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <section className="profile-page" aria-labelledby="profile-page-title">
      <title>{pageTitle(title)}</title>
      <h1 id="profile-page-title">
        <PhraseText text={title} />
      </h1>
      {phase === 'loading' ? <ProfilePlaceholder /> : null}
      {phase === 'loadFailed' ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__message">プロフィールを読み込めませんでした。時間をおいて再度お試しください。</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            再読み込み
          </button>
        </div>
      ) : null}
      {phase === 'editing' || phase === 'saving' ? (
        <form className="profile-form" noValidate onSubmit={submit} aria-busy={saving || undefined}>
          <p className="profile-form__lead">
            認定証には、ここで登録したお名前が記載されます。<span className="admin-field__required">必須</span>の項目は必ずご入力ください。
          </p>
          <fieldset className="profile-form__group">
            <legend>氏名</legend>
            <div className="profile-form__pair">{NAME_FIELDS.map(textField)}</div>
          </fieldset>
          <fieldset className="profile-form__group">
            <legend>フリガナ</legend>
            <div className="profile-form__pair">{KANA_FIELDS.map(textField)}</div>
          </fieldset>
          {textField(EMAIL_FIELD)}
          <div className="profile-form__preview">
            <p className="profile-form__preview-label">認定証に印字されるお名前</p>
            <p className="profile-form__preview-name">{printedNameOf(draft) || '（氏名を入力してください）'}</p>
          </div>
          {formError ? (
            <p className="admin-field__error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="profile-form__actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? '保存しています…' : '保存する'}
            </button>
            <Link className="button" to={returnPath}>
              キャンセル
            </Link>
          </div>
        </form>
      ) : null}
    </section>
  );
}
