import { CREDENTIAL_VERIFICATION_MAX_BYTES, type CredentialVerificationRequest } from '@campus/contracts/credentials';

export const FILE_TOO_LARGE_TEXT = 'ファイルが大きすぎます（1MBまで）';
export const UNSUPPORTED_FILE_TEXT = '対応していないファイルです。.json / .png / .jwt のファイルを選んでください';
export const FILE_UNREADABLE_TEXT = 'ファイルを読み込めませんでした';

/** The kind of credential file, by its name or type; null for anything else. */
export function credentialFileKindOf(file: Pick<File, 'name' | 'type'>): 'png' | 'text' | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.png') || file.type === 'image/png') return 'png';
  if (/\.(json|jwt|jsonld)$/.test(name) || /json|jwt/.test(file.type)) return 'text';
  return null;
}

/** Why a file is refused before it is read (too large, not a credential file), or null. */
export function refusalOf(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (file.size > CREDENTIAL_VERIFICATION_MAX_BYTES) return FILE_TOO_LARGE_TEXT;
  return credentialFileKindOf(file) === null ? UNSUPPORTED_FILE_TEXT : null;
}

const readAs = <T extends string | ArrayBuffer>(file: Blob, as: 'text' | 'buffer'): Promise<T> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error ?? new Error(FILE_UNREADABLE_TEXT));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });

/** Bytes as base64, a slice at a time (one String.fromCharCode of a whole megabyte overflows the stack). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The request a dropped or chosen file makes, read in the browser: a PNG as base64, a JSON or JWT file as its text. */
export async function requestOfFile(file: File): Promise<CredentialVerificationRequest> {
  if (credentialFileKindOf(file) === 'png') return { png: base64Of(new Uint8Array(await readAs<ArrayBuffer>(file, 'buffer'))) };
  return { credential: await readAs<string>(file, 'text') };
}
