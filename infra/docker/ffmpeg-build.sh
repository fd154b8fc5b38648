#!/bin/sh
# Builds ffmpeg and ffprobe from Debian's source of ffmpeg (node.Dockerfile's `ffmpeg` stage) with
# only what the product uses, into /out (the programs and the libraries they link that the base
# image does not have). Debian's ffmpeg links ~220 MB of codec libraries the server never loads;
# this one links libx264, libmp3lame and libdav1d (~4 MB) and the base's zlib.
#
# What must stay in (grep libs/media, apps/worker and their tests for -f, -c, -vf, -filter_complex):
#   demuxers  every container the upload checks accept (libs/media/src/sniff.ts: mov, matroska,
#             avi, mpegts, mpegps, flv, ogg, asf, mxf, mp3, flac, wav, aac, aiff), raw float PCM
#             (the watermark on stdin), hls (a player's read of the ladder, and the check that
#             a playlist posing as a file is refused), lavfi (test clips)
#   decoders  the codecs those containers usually carry, so any upload is transcoded: H.264,
#             HEVC, VP8/9, AV1 (libdav1d), MPEG-1/2/4, WMV/VC-1, ProRes, DNxHD, ... and AAC, MP3,
#             FLAC, Vorbis, Opus, AC-3, WMA, ALAC, AMR, PCM
#   encoders  libx264 and aac (the ladder, excerpts), mjpeg (posters), pcm (analysis, WAV),
#             wrapped_avframe (-f null); for test fixtures: mpeg4, flac, libmp3lame
#   muxers    hls (fmp4 segments: mov/mp4), ipod (M4A excerpts), image2, wav, raw f32le, null,
#             and mpegts, matroska, mp3, flac, adts, streamhash for tests
#   filters   the ladder's split/scale/setsar/format/fps, the watermark's aresample/aformat/
#             pan/amix, the poster's scale/format, what the ffmpeg program inserts itself (trim
#             and atrim for -ss/-t, transpose/hflip/vflip/rotate for rotated phone videos, apad),
#             and the test sources (testsrc2, sine, aevalsrc, anoisesrc, noise, amerge, concat)
#   protocols file and pipe (the product), http and tcp (the smoke test reads HLS through nginx)
set -eu
src=$(find /tmp/ffmpeg-src -mindepth 1 -maxdepth 1 -type d -name 'ffmpeg-*')
cd "$src"
./configure --prefix=/usr/local \
  --disable-everything --disable-autodetect --disable-doc --disable-debug --disable-ffplay --disable-postproc \
  --enable-gpl --enable-zlib --enable-libx264 --enable-libmp3lame --enable-libdav1d \
  --enable-decoder=h264,hevc,mpeg4,msmpeg4v1,msmpeg4v2,msmpeg4v3,h263,h263p,mpeg1video,mpeg2video,vp8,vp9,libdav1d \
  --enable-decoder=theora,vp6,vp6a,vp6f,flv,mjpeg,prores,dnxhd,wmv1,wmv2,wmv3,vc1,rawvideo,png,dvvideo \
  --enable-decoder=aac,aac_latm,mp1,mp2,mp3,mp1float,mp2float,mp3float,flac,vorbis,opus,alac,ac3,eac3,dca \
  --enable-decoder=wmav1,wmav2,wmapro,amrnb,amrwb,'pcm_*' \
  --enable-encoder=libx264,aac,mjpeg,pcm_f32le,pcm_s16le,wrapped_avframe,mpeg4,flac,libmp3lame \
  --enable-demuxer=mov,matroska,avi,mpegts,mpegps,flv,ogg,asf,mxf,mp3,flac,wav,aac,aiff,pcm_f32le,pcm_s16le,hls \
  --enable-muxer=hls,mp4,mov,ipod,image2,wav,pcm_f32le,null,mpegts,matroska,mp3,flac,adts,streamhash \
  --enable-filter=format,aformat,scale,fps,split,asplit,setsar,aresample,pan,amix,amerge,concat,volume \
  --enable-filter=trim,atrim,apad,null,anull,transpose,hflip,vflip,rotate,setpts,asetpts \
  --enable-filter=testsrc,testsrc2,sine,aevalsrc,anoisesrc,noise,lowpass \
  --enable-parsers --enable-bsfs --enable-protocol=file,pipe,http,tcp --enable-indev=lavfi \
  >/tmp/configure.log 2>&1 || { tail -30 /tmp/configure.log; exit 1; }
# A component name that matches nothing is only a warning to configure: make it an error.
if grep -q 'did not match anything' /tmp/configure.log; then grep 'did not match' /tmp/configure.log; exit 1; fi
make -j"$(nproc)" >/tmp/make.log 2>&1 || { tail -40 /tmp/make.log; exit 1; }
make install >/dev/null
mkdir -p /out/usr/local/bin
cp /usr/local/bin/ffmpeg /usr/local/bin/ffprobe /out/usr/local/bin/
# The shared libraries they link that the base lacks (/tmp/base-libs, listed before the build
# packages were installed), each under its real directory with its soname, so a merged /usr is
# never overwritten by a /lib directory.
for lib in $({ ldd /usr/local/bin/ffmpeg; ldd /usr/local/bin/ffprobe; } | grep -o '/[^ ]*' | sort -u); do
  real=$(readlink -f "$lib")
  if grep -qxF "$real" /tmp/base-libs; then continue; fi
  dir=$(readlink -f "$(dirname "$lib")")
  mkdir -p "/out$dir"
  cp "$real" "/out$dir/$(basename "$lib")"
done
