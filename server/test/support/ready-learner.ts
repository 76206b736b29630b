/** Anything that can run a query: a pg Client or Pool. */
interface Queryable {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * A learner as the screens leave one who may sit an exam — a profile, and the current terms accepted
 * (accepted means accepted this TERMS_VERSION) — written directly, for tests that need many of them.
 */
export async function insertReadyLearner(
  database: Queryable,
  learner: { id: string; subject: string; email: string; firstName?: string },
  termsVersion: string,
): Promise<void> {
  await database.query(
    // The provider vouches for the address, as it does at a real login: mail may go there without a confirmation.
    `insert into users (id, subject, last_name, first_name, last_name_kana, first_name_kana, email, verified_email, has_profile, has_accepted_agreements, accepted_terms_versions)
     values ($1, $2, '山田', $3, 'ヤマダ', 'タロウ', $4, lower($4), true, true, array[$5])`,
    [learner.id, learner.subject, learner.firstName ?? '太郎', learner.email, termsVersion],
  );
  await database.query(`insert into agreement_acceptances (user_id, terms_version, accepted_at) values ($1, $2, now())`, [learner.id, termsVersion]);
}
