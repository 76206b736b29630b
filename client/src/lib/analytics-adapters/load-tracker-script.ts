/** Adds a tracker's script to the page, loaded without blocking rendering. */
export function loadTrackerScript(src: string, doc: Document = document): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}
