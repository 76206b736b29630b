import { randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { getStatusList } from '../../../contracts/routes/credentials.js';

/** The spec's minimum, 16 KB: large enough that one bit says nothing about which learner it is. */
export const STATUS_LIST_SIZE = 131_072;

export const statusListUrlOf = (publicOrigin: string): string => `${publicOrigin}${getStatusList.path}`;

/** A free place in the list, drawn at random (the unique index refuses a taken one; the job's retry draws again). */
export const randomStatusListIndex = (): number => randomInt(STATUS_LIST_SIZE);

/**
 * The bitstring with the given positions set, GZIP-compressed and multibase base64url (`u` prefix):
 * position 0 is the most significant bit of the first byte (Bitstring Status List v1.0 §3.1).
 */
export function encodeStatusList(setPositions: Iterable<number>): string {
  const bits = Buffer.alloc(STATUS_LIST_SIZE / 8);
  for (const position of setPositions) bits[position >> 3]! |= 0x80 >> (position & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** What each credential carries: where its revocation bit is published. */
export function credentialStatusOf(publicOrigin: string, index: number) {
  const list = statusListUrlOf(publicOrigin);
  return { id: `${list}#${index}`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: String(index), statusListCredential: list };
}

/** How long a verifier may keep a copy of the list; a revocation reaches verifiers within it. */
export const STATUS_LIST_TTL_MS = 5 * 60_000;

/** The `BitstringStatusListCredential` of every revocation, made afresh at each request. */
export function statusListCredentialOf(input: { publicOrigin: string; issuerDid: string; revokedPositions: Iterable<number>; now: Date }) {
  const id = statusListUrlOf(input.publicOrigin);
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuerDid,
    validFrom: input.now.toISOString(),
    validUntil: new Date(input.now.getTime() + 24 * 3_600_000).toISOString(),
    credentialSubject: { id: `${id}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', ttl: STATUS_LIST_TTL_MS, encodedList: encodeStatusList(input.revokedPositions) },
  };
}
