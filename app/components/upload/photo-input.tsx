import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { PhotoIcon } from '#app/components/icons.tsx';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { formatBytes } from '#app/lib/upload/format-bytes.ts';
import { canReplaceInputFiles, shrinkPhoto } from '#app/lib/upload/shrink-photo.ts';
import { checkImageClaims } from '#rules/images.ts';
import { CAMERA_PHOTO_MAX_BYTES, IMAGE_TYPES } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';

export { default as uploadStylesheet } from '../../styles/upload.css?url';

/** What PhotoInput needs of a Conform field (`fields.image`, or a list row's `image`). */
type PhotoFieldMeta = {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  required?: boolean;
  key?: string;
};

type PhotoInputProps = {
  meta: PhotoFieldMeta;
  label: string;
  hint?: string;
  /** The photo saved now (edit forms), shown until another is chosen. */
  current?: { url: string; alt: string } | null;
};

type Prepared = { kind: 'none' } | { kind: 'preparing'; original: File } | { kind: 'ready'; original: File; sent: File };

const ACCEPT = IMAGE_TYPES.join(',');

let swapSupported: boolean | undefined;

/**
 * A plain file input without JavaScript. With it, the photo is shrunk and a hidden input of the field's name
 * carries it, so the form's own submission sends the smaller file (the route links `uploadStylesheet`).
 */
export function PhotoInput(props: PhotoInputProps) {
  // Conform gives the field a new key when the form is reset: a fresh input, preview and state.
  return <PhotoInputBody key={props.meta.key} {...props} />;
}

function PhotoInputBody({ meta, label, hint, current }: PhotoInputProps) {
  const t = useT();
  const hydrated = useHydrated();
  const swaps = hydrated && (swapSupported ??= canReplaceInputFiles());
  const firstError = useFirstErrorFocus(meta.errors);
  const picker = useRef<HTMLInputElement>(null);
  const carrier = useRef<HTMLInputElement>(null);
  const preparing = useRef<Promise<unknown> | null>(null);
  const picks = useRef(0);
  const [prepared, setPrepared] = useState<Prepared>({ kind: 'none' });
  const [plainPick, setPlainPick] = useState<File | null>(null);
  const preview = usePreviewUrl(prepared.kind === 'ready' ? prepared.sent : prepared.kind === 'preparing' ? prepared.original : plainPick);

  function carry(file: File | null) {
    const input = carrier.current;
    if (!input) return;
    const transfer = new DataTransfer();
    if (file) transfer.items.add(file);
    input.files = transfer.files;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }

  async function prepare(file: File | undefined) {
    const pick = ++picks.current;
    if (!file) {
      preparing.current = null;
      setPrepared({ kind: 'none' });
      return carry(null);
    }
    const problem = checkImageClaims(file, CAMERA_PHOTO_MAX_BYTES);
    // A wrong format is said at once; only a photo that could become small enough is worth the work.
    if (problem && problem !== MSG.cameraPhotoTooBig) {
      preparing.current = null;
      setPrepared({ kind: 'none' });
      return carry(file);
    }
    setPrepared({ kind: 'preparing', original: file });
    const work = shrinkPhoto(file);
    preparing.current = work;
    const sent = await work;
    if (pick !== picks.current) return;
    preparing.current = null;
    // Not a photo, whatever its name says: marked so, the field's own rule refuses it. One too big stays as
    // chosen, so that its size is what is said first, as the provider would.
    const kept = sent ?? (problem ? file : null);
    if (!kept) {
      setPrepared({ kind: 'none' });
      return carry(new File([file], file.name, { type: 'application/octet-stream' }));
    }
    setPrepared({ kind: 'ready', original: file, sent: kept });
    carry(kept);
  }

  // A submit pressed while the photo is being prepared goes once the photo is ready.
  useEffect(() => {
    const form = carrier.current?.form;
    if (!swaps || !form) return;
    const hold = (event: SubmitEvent) => {
      const work = preparing.current;
      if (!work) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = event.submitter;
      void work.then(() => form.requestSubmit(submitter));
    };
    form.addEventListener('submit', hold);
    return () => form.removeEventListener('submit', hold);
  }, [swaps]);

  // A photo chosen before JavaScript arrived: its input has just lost its name, so it is sent only if prepared now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the input changes hands, not on every new photo
  useEffect(() => {
    const chosen = picker.current?.files?.[0];
    if (swaps && chosen) void prepare(chosen);
  }, [swaps]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (swaps) void prepare(file);
    else setPlainPick(file ?? null);
  }

  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy = [hintId, meta.errors?.length ? meta.errorId : undefined].filter(Boolean).join(' ') || undefined;
  const shown = preview ? { url: preview, alt: t('photoInput.preview') } : current;
  return (
    <div className="field photo-field">
      <label htmlFor={meta.id}>{label}</label>
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
      {/* The input itself covers the tile, so a tap anywhere on it opens the picker, with or without JavaScript. */}
      <div className="photo-tile">
        {shown ? (
          <img className="photo-preview" src={shown.url} alt={shown.alt} />
        ) : (
          <span className="photo-add" aria-hidden="true">
            <PhotoIcon className="icon" />
            {t('photoInput.tapToAdd')}
          </span>
        )}
        <input
          ref={picker}
          id={meta.id}
          type="file"
          accept={ACCEPT}
          name={swaps ? undefined : meta.name}
          // Outside the form once the carrier sends the photo: Conform would take a nameless input for the form's own errors and focus it.
          form={swaps ? 'none' : undefined}
          required={swaps ? undefined : meta.required}
          aria-invalid={meta.errors?.length ? true : undefined}
          aria-describedby={describedBy}
          // biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field
          autoFocus={firstError}
          onChange={onChange}
        />
      </div>
      {/* Focused by Conform when the photo is refused: it hands the focus to the input the person sees. */}
      {swaps && (
        <input
          ref={carrier}
          type="file"
          name={meta.name}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onFocus={() => picker.current?.focus()}
        />
      )}
      <p className="photo-status" aria-live="polite">
        {prepared.kind === 'preparing' && t('photoInput.preparing')}
        {prepared.kind === 'ready' && <PreparedSize prepared={prepared} />}
      </p>
      <p id={meta.errorId} className="field-error" aria-live="polite">
        {meta.errors?.map(t.said).join(', ')}
      </p>
    </div>
  );
}

function PreparedSize({ prepared }: { prepared: Extract<Prepared, { kind: 'ready' }> }) {
  const t = useT();
  const { sent, original } = prepared;
  if (sent === original) return t('photoInput.toSend', { size: formatBytes(sent.size) });
  return t('photoInput.toSendWas', { size: formatBytes(sent.size), original: formatBytes(original.size) });
}

/** An object URL for `file` while it is shown, released afterwards (each holds the photo in memory). */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
