/** Puts the text on the clipboard; rejects when the browser refuses (no permission, insecure page). */
export async function writeToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}
