import { IconSubtitles } from '@/components/ui/icons';
import { PlayerMenu } from './PlayerMenu';
import type { SubtitleOption } from './use-subtitles';

const OFF = '';

/** Subtitles / lyrics picker: Off and each language the video has. Hidden when it has none. */
export function SubtitlesMenu({
  options,
  language,
  onChange,
}: {
  options: SubtitleOption[];
  language: string | null;
  onChange: (language: string | null) => void;
}) {
  if (options.length === 0) return null;
  const items = [
    { key: OFF, label: 'Off', checked: language === null },
    ...options.map((o) => ({ key: o.language, label: o.label, checked: language === o.language, lang: o.language })),
  ];
  return (
    <PlayerMenu
      label="Subtitles"
      icon={<IconSubtitles />}
      items={items}
      active={language !== null}
      onPick={(key) => onChange(key === OFF ? null : key)}
    />
  );
}
