# The built SPA behind nginx, which also forwards the api's, share and tracker paths to the api
# and serves /media/ from the S3 store once the api has allowed the address. Runs as nginx's
# unprivileged user on port 8080. From the repo root:
#   docker build -f infra/docker/web.Dockerfile -t cuview/web .
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine

# The same first steps as node.Dockerfile, so the npm ci layer is shared.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY web/package.json web/package.json
RUN npm ci --no-audit --no-fund --loglevel=error

FROM deps AS build
COPY . .
# The build writes a .br and a .gz copy beside each script and style sheet (web/vite.config.ts).
RUN npm run build:web

FROM ${NGINX_IMAGE}
COPY infra/docker/nginx-main.conf /etc/nginx/nginx.conf
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build --chown=101:101 /app/web/dist /usr/share/nginx/html
USER 101
EXPOSE 8080
# busybox's wget: in the official alpine image and in cuview-base/nginx (no curl in either).
HEALTHCHECK --interval=10s --timeout=5s --retries=5 \
  CMD ["/bin/busybox", "wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/nginx-healthz"]
