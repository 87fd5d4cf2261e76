/** Reduced motion or Save-Data: the visitor asked for a still page or for fewer bytes. */
export function motionAndDataAllowed(): boolean {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData !== true;
}
