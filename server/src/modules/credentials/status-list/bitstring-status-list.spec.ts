import { gunzipSync } from 'node:zlib';
import { encodeStatusList, STATUS_LIST_SIZE, statusListCredentialOf } from './bitstring-status-list';

/** Reads a bit the way the spec tells verifiers to: multibase `u`, base64url, gunzip, MSB first. */
const bitAt = (encoded: string, position: number) => {
  const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
  return (bits[position >> 3]! >> (7 - (position & 7))) & 1;
};

describe('the bitstring status list', () => {
  it('holds 131,072 bits, set exactly at the revoked positions', () => {
    const encoded = encodeStatusList([0, 9, STATUS_LIST_SIZE - 1]);
    expect(encoded.startsWith('u')).toBe(true);
    expect(gunzipSync(Buffer.from(encoded.slice(1), 'base64url'))).toHaveLength(STATUS_LIST_SIZE / 8);
    expect([0, 1, 8, 9, 10, STATUS_LIST_SIZE - 2, STATUS_LIST_SIZE - 1].map((position) => bitAt(encoded, position))).toEqual([1, 0, 0, 1, 0, 0, 1]);
  });

  it('is published as a BitstringStatusListCredential of the campus', () => {
    const now = new Date('2026-05-01T00:00:00.000Z');
    const credential = statusListCredentialOf({ publicOrigin: 'https://campus.example.jp', issuerDid: 'did:web:campus.example.jp', revokedPositions: [5], now });
    expect(credential).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: 'https://campus.example.jp/api/v1/credentials/status/1',
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: 'did:web:campus.example.jp',
      validFrom: '2026-05-01T00:00:00.000Z',
      credentialSubject: { id: 'https://campus.example.jp/api/v1/credentials/status/1#list', type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    expect(bitAt(credential.credentialSubject.encodedList, 5)).toBe(1);
  });
});
