// Demo accounts of the development OpenID Provider.
// The `sub` values are stable identifiers the campus server relies on: do not rename them.

/**
 * @typedef {object} DemoAccount
 * @property {string} sub            stable subject identifier
 * @property {string} loginId        value of the ログインID field
 * @property {string} password       value of the パスワード field
 * @property {string} familyName
 * @property {string} givenName
 * @property {'learner' | 'admin'} campusRole
 * @property {string} email
 * @property {string} description    short Japanese note shown on the login page
 */

/** Password shared by every demo account (this is a development IdP). */
export const DEMO_PASSWORD = 'campus';

/** @type {readonly DemoAccount[]} */
export const DEMO_ACCOUNTS = Object.freeze([
  {
    sub: 'demo-learner-new',
    loginId: 'learner-new',
    password: DEMO_PASSWORD,
    familyName: '新規',
    givenName: 'さくら',
    campusRole: 'learner',
    email: 'learner-new@example.com',
    description: '受講者（キャンパスのプロフィール未作成）',
  },
  {
    sub: 'demo-learner',
    loginId: 'learner',
    password: DEMO_PASSWORD,
    familyName: '山田',
    givenName: '太郎',
    campusRole: 'learner',
    email: 'learner@example.com',
    description: '受講者（プロフィール・バッジあり）',
  },
  {
    sub: 'demo-admin',
    loginId: 'admin',
    password: DEMO_PASSWORD,
    familyName: '管理',
    givenName: '花子',
    campusRole: 'admin',
    email: 'admin@example.com',
    description: '管理者',
  },
]);

/**
 * Full display name in Japanese order (family name first, separated by a space).
 * @param {DemoAccount} account
 */
export function displayName(account) {
  return `${account.familyName} ${account.givenName}`;
}

/** `learner-new+<tag>`: another learner without a profile, as new as `learner-new` was before its first login. */
const FRESH_LEARNER = /^learner-new\+([a-z0-9-]{1,32})$/;

/**
 * A fresh profile-less learner for each tag, so a test (or a person trying the campus again) can start
 * from a brand-new account while `learner-new` itself has already been through the first visit.
 * @param {string} loginId
 * @returns {DemoAccount | undefined}
 */
function freshLearnerOf(loginId) {
  const tag = FRESH_LEARNER.exec(loginId)?.[1];
  const template = DEMO_ACCOUNTS.find((account) => account.loginId === 'learner-new');
  if (!tag || !template) return undefined;
  return { ...template, sub: `${template.sub}+${tag}`, loginId, email: `learner-new+${tag}@example.com` };
}

/** @param {string} sub */
export function findBySub(sub) {
  return DEMO_ACCOUNTS.find((account) => account.sub === sub) ?? freshLearnerOf(sub.replace(/^demo-/, ''));
}

/**
 * Returns the account when the login id and password match, otherwise undefined.
 * @param {string} loginId
 * @param {string} password
 */
export function authenticate(loginId, password) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.loginId === loginId.trim()) ?? freshLearnerOf(loginId.trim());
  if (!account || account.password !== password) return undefined;
  return account;
}

/**
 * Claims of an account, keyed by claim name. oidc-provider filters them by the
 * granted scopes (openid → sub, profile → names/picture/campus_role, email → email*).
 * @param {DemoAccount} account
 */
export function claimsOf(account) {
  return {
    sub: account.sub,
    name: displayName(account),
    family_name: account.familyName,
    given_name: account.givenName,
    // No real avatar: an empty string tells the relying party to use its own placeholder.
    picture: '',
    campus_role: account.campusRole,
    email: account.email,
    email_verified: true,
  };
}
