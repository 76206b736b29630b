import { type ModulePushes, refreshCurrentUser } from '../../realtime/push-catalogue.js';

export const mePushes: ModulePushes = {
  // Other tabs and devices show the new name. The fact is on the user stream, whose id is the learner's.
  ProfileUpdated: (event) => refreshCurrentUser(event.streamId),
};
