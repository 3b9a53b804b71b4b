/**
 * Copy a text and say so; where the clipboard is refused (no permission, an
 * insecure origin) the text itself is shown, so it can be copied by hand.
 */
import { showToast } from '../state/toasts.ts';
import { TOAST_MS } from '../config/constants.ts';

export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done, 'success', TOAST_MS);
  } catch {
    showToast(text, 'info', TOAST_MS);
  }
}
