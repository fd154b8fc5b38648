import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { EmbedPlayer } from '@/components/player/EmbedPlayer';
import { VideoPlayer, type PlayerHandle } from '@/components/player/VideoPlayer';
import { ShareDialog, useCopyLink } from '@/components/share/ShareDialog';
import { IconCopy, IconShare } from '@/components/ui/icons';
import { Loading } from '@/components/ui/Loading';
import { useToast } from '@/components/ui/toast';
import { AnalysisPanel, AnalysisRing, useAnalysis } from '@/features/analysis';
import { ConcertsSection, GenresSection, GroupTabsSection, useVideo } from '@/features/catalogue';
import {
  activeTrackIndex,
  ContinueWatchingSection,
  neighbour,
  PlaylistStrip,
  resumePositionQueryOptions,
  TrackStrip,
  trackStepTarget,
  useMediaSession,
  usePlayReports,
  useWatchPositions,
} from '@/features/player';
import {
  exportPlaylist,
  hasStoredToken,
  MyPlaylistsSection,
  useCustomPlaylist,
  useDeletePlaylist,
} from '@/features/playlists';
import { useMediaQuery } from '@/hooks/use-media-query';
import { isNotFound, toMessage } from '@/lib/api/client';
import type { User } from '@/lib/api/types';
import { API_BASE } from '@/lib/api/client';
import { hasOwnAccount, rememberPlayTarget, useUser } from '@/lib/auth';
import { BREAKPOINT_MEDIUM, DEFAULTS } from '@/lib/constants';
import { mergeNames } from '@/lib/format';
import { pictureUrl } from '@/lib/images';
import { playerHref } from '@/lib/links';
import { storePlayTarget } from '@/lib/storage';

export const DELETE_PLAYLIST_CONFIRM = 'Delete Playlist?';

/**
 * Player page /home?g&p&v (spec viewer §2). Visitors are sent to /login with v, p and g
 * remembered and come back here after signing in. Defaults: group 4, playlist 54.
 */
export default function PlayerRoute() {
  const [params] = useSearchParams();
  const groupId = Number(params.get('g')) || DEFAULTS.playerGroupId;
  const playlistId = Number(params.get('p')) || DEFAULTS.playerPlaylistId;
  const videoParam = Number(params.get('v')) || null;
  const { data: user, isPending } = useUser();

  if (isPending) return <Loading />;
  if (!user) {
    rememberPlayTarget({ groupId, playlistId, videoId: videoParam });
    return <Navigate to="/login" replace />;
  }
  return <PlayerPage user={user} groupId={groupId} playlistId={playlistId} videoParam={videoParam} />;
}

function PlayerPage({
  user,
  groupId,
  playlistId,
  videoParam,
}: {
  user: User;
  groupId: number;
  playlistId: number;
  videoParam: number | null;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const playlist = useCustomPlaylist(playlistId);
  const videos = playlist.data?.videos ?? [];
  const videoId = videoParam ?? videos[0]?.id ?? null;
  const detail = useVideo(videoId);
  const entry = videos.find((v) => v.id === videoId);
  // The playlist's entry stands in while the video's own answer loads; once that answer is an
  // error (staff switched the video off after the playlist was loaded), the entry is stale and
  // its stream answers 404: the page says so instead of playing it.
  const video = detail.isError ? undefined : (detail.data ?? entry);
  const handle = useRef<PlayerHandle>(null);
  const [trackIndex, setTrackIndex] = useState(-1);
  const [sharing, setSharing] = useState(false);
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_MEDIUM}px)`);
  const copyLink = useCopyLink();
  const removePlaylist = useDeletePlaylist();
  const tracks = video?.tracks ?? [];

  const currentTime = useCallback(() => handle.current?.currentTime() ?? 0, []);
  // Staff statistics: counted in this playlist only when the video is one of its own.
  const plays = usePlayReports(videoId, entry ? playlistId : null);
  const analysis = useAnalysis({ videoId, duration: video?.duration ?? 0, userId: user.id, currentTime });

  useEffect(() => {
    if (videoId) storePlayTarget({ videoId, playlistId, groupId });
    setTrackIndex(-1);
  }, [videoId, playlistId, groupId]);

  // A video chosen low on a page (a playlist of the home page, a strip under the player) plays
  // up here: the page comes back to the top when the player is out of sight, as on a phone it
  // otherwise starts playing 1,000 px above the screen.
  const stageRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const top = stageRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0 || top > window.innerHeight / 2) window.scrollTo({ top: 0 });
  }, [videoId, playlistId]);

  const go = (id: number) => void navigate(playerHref({ groupId, playlistId, videoId: id }));
  const next = videoId ? neighbour(videos, videoId, 1) : null;
  const prev = videoId ? neighbour(videos, videoId, -1) : null;
  const isOwner = playlist.data?.user_id != null && playlist.data.user_id === user.id;

  // Continue watching: a person with an account resumes where they stopped (on any device);
  // the player waits for that answer so it starts at the right place, the guest does not wait.
  const keepsPositions = hasOwnAccount(user);
  const resume = useQuery({
    ...resumePositionQueryOptions(videoId ?? 0),
    enabled: keepsPositions && videoId !== null,
  });
  const resumeSettled = !keepsPositions || !resume.isPending || resume.isError;
  const positions = useWatchPositions(keepsPositions, videoId);

  const onTime = (t: number) => {
    positions.report(t);
    const i = activeTrackIndex(tracks, t);
    setTrackIndex((current) => (current === i ? current : i));
  };
  const stepTrack = (step: 1 | -1) => {
    const target = trackStepTarget(tracks, currentTime(), step);
    if (target !== null) handle.current?.seek(target);
    else if (step === 1 && next) go(next.id);
    else if (step === -1) handle.current?.seek(0);
  };
  useMediaSession(video, tracks[trackIndex], {
    play: () => handle.current?.play(),
    pause: () => handle.current?.pause(),
    seek: (s) => handle.current?.seek(s),
    currentTime,
    previousTrack: () => stepTrack(-1),
    nextTrack: () => stepTrack(1),
  });

  let stage;
  if (!video) {
    stage = playlist.isError ? (
      <p className="error-text">{toMessage(playlist.error)}</p>
    ) : detail.isError ? (
      <div className="player-missing">
        <p className="error-text">
          {isNotFound(detail.error) ? 'This video is not available to watch.' : toMessage(detail.error)}
        </p>
        {next && (
          <button type="button" className="button" onClick={() => go(next.id)}>
            Play next: {next.title}
          </button>
        )}
      </div>
    ) : (
      <Loading />
    );
  } else if (video.scripted_bunny_path && !resumeSettled) {
    stage = <Loading />;
  } else if (video.scripted_bunny_path) {
    stage = (
      <VideoPlayer
        key={video.id}
        handle={handle}
        src={video.scripted_bunny_path}
        startAt={resume.data?.position ?? null}
        chapters={tracks.length > 0 ? `${API_BASE}get_chapters/${video.id}/` : undefined}
        onPrevTrack={() => stepTrack(-1)}
        onNextTrack={() => stepTrack(1)}
        onPause={positions.flush}
        title={video.title}
        poster={pictureUrl('video', video, 600)}
        hasPrev={Boolean(prev)}
        hasNext={Boolean(next)}
        onPrev={() => prev && go(prev.id)}
        onNext={() => next && go(next.id)}
        onEnded={() => {
          plays.onEnded();
          if (next) go(next.id);
        }}
        onTime={(t) => {
          plays.onTime(t);
          onTime(t);
        }}
        onPlaying={() => {
          plays.onPlaying();
          analysis.onPlaybackStart();
        }}
        storyboard={video.storyboard}
        subtitles={video.subtitles}
        labelAt={(t) => tracks[activeTrackIndex(tracks, t)]?.title}
        overlay={({ fullscreen }) =>
          fullscreen && wide && analysis.resultLink ? (
            <a
              className="player__qr"
              href={analysis.resultLink}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Result page (QR code)"
            >
              <QRCodeSVG value={analysis.resultLink} size={128} includeMargin title="QR code of the result page" />
            </a>
          ) : null
        }
      />
    );
  } else if (video.yt_link) {
    stage = (
      <EmbedPlayer
        key={video.id}
        handle={handle}
        url={video.yt_link}
        title={video.title}
        poster={pictureUrl('video', video, 600)}
        onEnded={() => next && go(next.id)}
        onPlaying={analysis.onPlaybackStart}
      />
    );
  } else {
    stage = <p className="muted player-missing">This video is not available for playback yet.</p>;
  }

  const shareTarget = videoId ? { videoId, playlistId, groupId, title: video?.title } : null;

  return (
    <div className="player-page">
      <div className="player-layout">
        {/* The track strip belongs to the picture: under it, not under the analysis beside it. */}
        <div className="player-stage" ref={stageRef}>
          {stage}
          <TrackStrip tracks={tracks} active={trackIndex} onSeek={(s) => handle.current?.seek(s)} />
        </div>
        <aside className="player-side" aria-label="Now playing">
          {video && (
            <>
              <h1 className="player-side__title">{video.title}</h1>
              <p className="muted">{mergeNames(video.artists, video.composers)}</p>
            </>
          )}
          <div className="player-side__actions">
            {shareTarget && (
              <>
                <button type="button" className="button button--ghost" onClick={() => setSharing(true)}>
                  <IconShare size={16} /> Share
                </button>
                <button type="button" className="button button--ghost" onClick={() => void copyLink(shareTarget)}>
                  <IconCopy size={16} /> Copy link
                </button>
              </>
            )}
          </div>
          <AnalysisRing
            running={analysis.running}
            onAnalyze={analysis.start}
            onStop={analysis.stop}
            disabled={!video}
          />
          {analysis.state.error && <p className="error-text">{analysis.state.error}</p>}
          {analysis.notRecognised && (
            <p className="muted" role="status">
              We couldn&apos;t recognise this track
            </p>
          )}
          <AnalysisPanel
            key={videoId ?? undefined}
            watermark={analysis.state.watermark}
            footprint={analysis.state.footprint}
          />
        </aside>
      </div>
      <div className="page">
        {playlist.data && (
          <PlaylistStrip
            playlist={playlist.data}
            groupId={groupId}
            currentVideoId={videoId}
            isOwner={isOwner}
            onExport={() => void exportPlaylist(playlist.data.id, playlist.data.title)}
            onReplay={() => {
              handle.current?.seek(0);
              handle.current?.play();
              analysis.restart();
            }}
            onDelete={() => {
              if (!hasStoredToken() || !window.confirm(DELETE_PLAYLIST_CONFIRM)) return;
              removePlaylist.mutate(playlistId, {
                onSuccess: (nextPlaylist) => {
                  toast.show('Playlist has been deleted');
                  // The answer is the playlist to show next.
                  if (nextPlaylist?.id)
                    void navigate(
                      playerHref({
                        groupId: nextPlaylist.group_id ?? groupId,
                        playlistId: nextPlaylist.id,
                        videoId: nextPlaylist.videos?.[0]?.id,
                      }),
                    );
                  else void navigate('/myPlaylists');
                },
                onError: (e) => toast.show(toMessage(e)),
              });
            }}
          />
        )}
        <ContinueWatchingSection exceptVideoId={videoId} />
        <MyPlaylistsSection />
        <ConcertsSection />
        <GenresSection />
        <GroupTabsSection initialGroupId={groupId} />
      </div>
      {sharing && shareTarget && <ShareDialog target={shareTarget} onClose={() => setSharing(false)} />}
    </div>
  );
}
