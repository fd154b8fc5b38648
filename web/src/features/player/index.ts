export { TrackStrip } from './components/TrackStrip';
export { PlaylistStrip } from './components/PlaylistStrip';
export { activeTrackIndex, neighbour } from './active-track';
export { usePlayReports } from './play-reports';
