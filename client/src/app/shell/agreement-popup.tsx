import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { waitFor, type ActorRefFrom } from 'xstate';
import { closeAllPopups, openPopup } from '../../components/ui/popup/popups';
import { AGREEMENT_PAGES } from '../../features/agreements/agreement-links';
import { useAgreementState, useCurrentUser, useSessionActorRef } from '../../lib/session/use-session';
import { selectAccepting, type sessionMachine } from '../../lib/session/session.machine';
import { trackEvent } from '../../lib/analytics';

/**
 * Sends ACCEPT and settles when the session machine has recorded the acceptance (after carrying
 * Cloud Campus badges over, for the migration variant) or given up on it.
 */
export async function acceptThroughSession(actor: ActorRefFrom<typeof sessionMachine>): Promise<void> {
  actor.send({ type: 'ACCEPT' });
  const settled = await waitFor(actor, (snapshot) => !selectAccepting(snapshot));
  if (settled.matches({ loggedIn: 'agreementRequired' })) {
    throw new Error(settled.context.acceptError ?? '同意を登録できませんでした。もう一度お試しください。');
  }
}

/** The two texts the popup asks the learner to read, each on its own page. */
const AGREEMENT_LINKS = AGREEMENT_PAGES.map(({ label, path }) => ({ label, href: path }));

const isAgreementPage = (pathname: string) => AGREEMENT_PAGES.some((page) => page.path === pathname.replace(/\/+$/, ''));

/**
 * Spec §2/§4: while a logged-in learner has not accepted the agreements (in their current
 * version), the non-dismissable agreement popup (its migration variant for learners coming from
 * Cloud Campus) stays up, linking to both texts; accepting it records the acceptance and sends the
 * tracking event with the current path. Not over the texts themselves: the tab the popup's links
 * open is for reading them (the popup waits in the tab it was opened from).
 */
export function AgreementPopup() {
  const { required } = useAgreementState();
  const user = useCurrentUser();
  const actor = useSessionActorRef();
  const migrating = user?.canMigrateFromCloudCampus === true;
  const reading = isAgreementPage(useLocation().pathname);

  useEffect(() => {
    if (!required || reading) return;
    const kind = migrating ? 'migration' : 'userPolicyAgreement';
    void openPopup(kind, {
      links: AGREEMENT_LINKS,
      action: async () => {
        await acceptThroughSession(actor);
        trackEvent(migrating ? 'migration-agree' : 'user-policy-agree', { path: window.location.pathname });
      },
    });
    // Accepted in another tab (pushed over the socket): the popup here is obsolete.
    return () => closeAllPopups();
  }, [required, reading, migrating, actor]);

  return null;
}
