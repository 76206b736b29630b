# syntax=docker/dockerfile:1
#
# Development OpenID Connect provider (infra/dev-idp/server.mjs) as a container.
# NOT for production: in-memory storage, demo accounts with a shared password.
#
# Build from the repository root:
#   docker build -f infra/docker/dev-idp.Dockerfile -t campus-dev-idp .

ARG NODE_IMAGE=node:24.21.0-bookworm-slim
FROM ${NODE_IMAGE}
WORKDIR /app

ARG NPM_REGISTRY=
RUN if [ -n "$NPM_REGISTRY" ]; then npm config set registry "$NPM_REGISTRY"; fi

# Only the root package's production dependency (oidc-provider, at the locked version):
# --workspaces=false leaves the server/client workspaces (not copied here) out of the install.
COPY package.json package-lock.json ./
RUN npm install --omit=dev --workspaces=false --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

COPY infra/dev-idp/ infra/dev-idp/

ENV NODE_ENV=production \
    DEV_IDP_HOST=0.0.0.0 \
    DEV_IDP_PORT=3001
USER node
EXPOSE 3001

HEALTHCHECK --interval=10s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.DEV_IDP_PORT || 3001) + '/.well-known/openid-configuration').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "infra/dev-idp/server.mjs"]
