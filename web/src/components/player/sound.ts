import { DEFAULT_VOLUME } from '@/lib/constants';
import { readLocal, StorageKey, writeLocal } from '@/lib/storage';

export interface Sound {
  volume: number;
  muted: boolean;
}

/**
 * The player's volume and mute as last set on this device: the next video (Next, the end of
 * one, another playlist, a later visit) plays as loud, or as silent, as the last one did.
 */
export function readSound(): Sound {
  const raw = readLocal(StorageKey.volume);
  const volume = raw === null || raw === '' ? NaN : Number(raw);
  return {
    volume: volume >= 0 && volume <= 1 ? volume : DEFAULT_VOLUME,
    muted: readLocal(StorageKey.muted) === '1',
  };
}

export function writeSound({ volume, muted }: Sound): void {
  writeLocal(StorageKey.volume, volume);
  writeLocal(StorageKey.muted, muted ? '1' : null);
}
