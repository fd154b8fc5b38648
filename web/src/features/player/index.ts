export { TrackStrip } from './components/TrackStrip';
export { PlaylistStrip } from './components/PlaylistStrip';
export { ContinueWatchingSection } from './components/ContinueWatchingSection';
export { activeTrackIndex, neighbour, trackStepTarget } from './active-track';
export { resumePositionQueryOptions } from './api/positions';
export { useMediaSession } from './hooks/use-media-session';
export { usePlayReports } from './play-reports';
export { useWatchPositions } from './hooks/use-watch-positions';
