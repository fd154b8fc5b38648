import { useRef, useState, type FormEvent } from 'react';
import { toMessage } from '@/lib/api/client';
import { useDeleteVideoSubtitles, useUploadVideoSubtitles, useVideoSubtitles } from '../api/subtitles/subtitles';
import { useNotify } from '../hooks/use-notify';

/**
 * Words on screen: the video's subtitle or lyrics files, one per language. Staff add a WebVTT
 * or SubRip file with a language code and a label (a file of a language the video has replaces
 * it), and delete one. The server checks the file and names the line of a mistake.
 */
export function SubtitlesPanel({ videoId }: { videoId: number }) {
  const list = useVideoSubtitles(videoId);
  const upload = useUploadVideoSubtitles();
  const remove = useDeleteVideoSubtitles();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subtitles = list.data ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('Please, choose a WebVTT or SRT file');
    if (!language.trim()) return setError('Please, enter a language code (en, fr, pt-BR…)');
    setError(null);
    upload.mutate(
      { videoId, file, language: language.trim(), label: label.trim() },
      {
        onSuccess: (added) => {
          notify(`Subtitles added: ${added.label}`).onSuccess(added);
          setFile(null);
          setLanguage('');
          setLabel('');
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (failure) => setError(toMessage(failure)),
      },
    );
  };

  return (
    <section className="panel subtitles-panel" aria-label="Subtitles">
      <h2>Subtitles and lyrics</h2>
      {list.isError ? (
        <p className="error-text">{toMessage(list.error)}</p>
      ) : subtitles.length === 0 ? (
        <p className="muted">{list.isPending ? 'Loading…' : 'None yet.'}</p>
      ) : (
        <ul className="subtitles-panel__list">
          {subtitles.map((s) => (
            <li key={s.language}>
              <span>
                <strong>{s.label}</strong>{' '}
                <span className="muted">
                  ({s.language}, {s.cues} lines)
                </span>
              </span>
              <a href={s.src} target="_blank" rel="noreferrer" className="button button--ghost button--small">
                View
              </a>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={remove.isPending}
                aria-label={`Delete ${s.label}`}
                onClick={() => {
                  if (!window.confirm(`Delete the subtitles "${s.label}"?`)) return;
                  remove.mutate({ videoId, language: s.language }, notify('Subtitles deleted'));
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="subtitles-panel__form" onSubmit={submit} noValidate>
        <label>
          File (WebVTT or SRT)
          <input
            ref={fileInput}
            type="file"
            accept=".vtt,.srt,text/vtt,application/x-subrip"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label>
          Language code
          <input value={language} onChange={(e) => setLanguage(e.target.value)} placeholder="en" maxLength={35} />
        </label>
        <label>
          Label
          <input
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            placeholder="English lyrics"
            maxLength={100}
          />
        </label>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Add subtitles'}
        </button>
      </form>
    </section>
  );
}
