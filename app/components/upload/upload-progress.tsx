import { useEffect, useSyncExternalStore } from 'react';
import { useT } from '#app/lib/i18n/words.ts';
import { formatBytes } from '#app/lib/upload/format-bytes.ts';
import { currentUploadProgress, subscribeToUploadProgress, trackUploads } from '#app/lib/upload/upload-progress.ts';

/** Only with JavaScript, while an upload is on its way (lib/upload/upload-progress.ts). */
export function UploadProgressBar() {
  useEffect(() => trackUploads(), []);
  const t = useT();
  const progress = useSyncExternalStore(subscribeToUploadProgress, currentUploadProgress, () => null);
  if (!progress) return null;
  const { loaded, total } = progress;
  const done = total > 0 && loaded >= total;
  return (
    <div className="upload-progress" role="status">
      <progress max={total || undefined} value={total ? loaded : undefined} aria-label={t('upload.progress')} />
      <span>{done ? t('upload.saving') : total ? t('upload.sendingOf', { loaded: formatBytes(loaded), total: formatBytes(total) }) : t('upload.sending')}</span>
    </div>
  );
}
