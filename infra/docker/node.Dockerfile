# One image for api, worker and tracker (the command picks the app). Build from the repo root:
#   docker build -f infra/docker/node.Dockerfile -t cuview-node .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web/package.json web/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:server && npm prune --omit=dev --workspaces=false

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
# The committed OpenAPI document, served at /cuviewTV/openapi.json.
COPY --from=build /app/openapi openapi
COPY package.json ./
USER node
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]
