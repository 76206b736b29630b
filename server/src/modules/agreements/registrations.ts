import { type ModulePushes, refreshCurrentUser } from '../../realtime/push-catalogue.js';

export const agreementsPushes: ModulePushes = {
  // Other tabs and devices close the agreement popup. The fact is on the user stream, whose id is the learner's.
  AgreementAccepted: (event) => refreshCurrentUser(event.streamId),
};
