import { onServerEvent } from '../../../lib/realtime';

/** Socket push `credential.issued` for one certificate: its credential was just signed. Returns the unsubscribe function. */
export const onCredentialIssued = (certificateId: string, listener: () => void) =>
  onServerEvent('credential.issued', (payload) => {
    if (payload.certificateId === certificateId) listener();
  });
