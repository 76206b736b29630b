# syntax=docker/dockerfile:1
#
# Campus application image: one image, two roles.
#   API (default CMD): node server/dist/main.js    HTTP API + socket.io + the built client (client/dist)
#   Worker:            node server/dist/worker.js  BullMQ worker + outbox relay, no HTTP
#
# Build from the repository root (the build context must be the root):
#   docker build -f infra/docker/app.Dockerfile -t campus-app .
# Behind an npm mirror:
#   docker build -f infra/docker/app.Dockerfile --build-arg NPM_REGISTRY=https://npm.example/ -t campus-app .

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---------------------------------------------------------------------------
# Build: install everything, compile server and client, then drop dev dependencies.
# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app

# Optional registry mirror; only this stage's npm config sees it.
ARG NPM_REGISTRY=
RUN if [ -n "$NPM_REGISTRY" ]; then npm config set registry "$NPM_REGISTRY"; fi

# Manifests first, so that the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
# `npm install`, not `npm ci`: the lockfile lacks some non-Linux platform builds (registry
# mirror), which `npm ci` rejects. Versions still come from package-lock.json.
RUN npm install --no-audit --no-fund

# Sources (.dockerignore keeps host node_modules/dist out of the context).
COPY tsconfig.json nest-cli.json ./
COPY server/ server/
COPY client/ client/
# `npm run build` = `npm run build -w server && npm run build -w client`
# → server/dist (incl. database migrations) and client/dist.
RUN npm run build

# Production dependencies only, for the root and both workspaces. Some server dependencies are
# not hoisted (server/node_modules); make sure the directory exists for the COPY below.
RUN npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p server/node_modules

# ---------------------------------------------------------------------------
# Runtime: compiled code + production node_modules, non-root.
# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app

# Files stay root-owned (read-only for the app). /app/data is the only writable directory: it is
# used solely by the embedded PGlite database when DATABASE_URL is unset (not in docker-compose).
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/package.json ./server/package.json
COPY --from=build /app/server/node_modules ./server/node_modules
COPY --from=build /app/server/dist ./server/dist
# The API serves the client from <server/dist>/../../client/dist = /app/client/dist.
COPY --from=build /app/client/dist ./client/dist
RUN mkdir -p /app/data && chown node:node /app/data

USER node
EXPOSE 3000

# Liveness of the API (no curl in the slim image: use Node's fetch). The worker has no HTTP
# port, so docker-compose disables this check for the worker service.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "server/dist/main.js"]
