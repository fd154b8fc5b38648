import { IconSettings } from '@/components/ui/icons';
import { PlayerMenu } from './PlayerMenu';
import type { QualityLevel } from './use-hls';

/**
 * Quality picker: Auto (with the rendition playing now) and the stream's renditions, highest
 * first. Hidden when the stream announced none (single rendition or native HLS).
 */
export function QualityMenu({
  levels,
  level,
  playingLevel,
  onChange,
}: {
  levels: QualityLevel[];
  level: number;
  playingLevel: number;
  onChange: (index: number) => void;
}) {
  if (levels.length === 0) return null;
  const autoLabel = playingLevel >= 0 ? levels.find((l) => l.index === playingLevel)?.label : undefined;
  const items = [{ index: -1, label: autoLabel ? `Auto (${autoLabel})` : 'Auto' }, ...levels].map((l) => ({
    key: String(l.index),
    label: l.label,
    checked: level === l.index,
  }));
  return <PlayerMenu label="Quality" icon={<IconSettings />} items={items} onPick={(key) => onChange(Number(key))} />;
}
