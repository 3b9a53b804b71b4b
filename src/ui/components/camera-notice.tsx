/**
 * user-centre.md §8: "A camera warning is shown on some mobile device
 * uploads." The spec does not name the devices; read here as phones and
 * tablets (Android, iOS, iPadOS), where the picker may offer the camera and
 * in-app browsers often fail to open it: the note says to use the gallery.
 */
import { useTranslation } from '../../i18n/react.tsx';
import './camera-notice.css';

/** Whether a device gets the warning: Android or iOS, or an iPad that reports itself as a Mac. */
export function cameraWarningFor(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Android|iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

export function CameraNotice() {
  const { t } = useTranslation();
  if (typeof navigator === 'undefined') return null;
  if (!cameraWarningFor(navigator.userAgent, navigator.maxTouchPoints)) return null;
  return (
    <span className="muted small camera-notice" role="note">
      {t('profile.cameraWarning')}
    </span>
  );
}
