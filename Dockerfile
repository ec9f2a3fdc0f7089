# syntax=docker/dockerfile:1
#
# One Dockerfile, one image per process: `docker build --target <target> -t runpledge/<target> .`
#
#   gateway    HTTP /api and the built web app (port 3000)
#   identity   NATS service          \
#   profiles   NATS service           |  health listener on HEALTH_PORT (9000): /healthz, /readyz;
#                                     |  the profiles image also runs the totals-sync workers (services/profiles/dist/worker.js)
#   billing    NATS service           |
#   fitness    NATS service; the same image runs the BullMQ workers (node services/fitness/dist/worker.js)
#   community  NATS service (teams, charities, events); the same image runs its workers (node services/community/dist/worker.js)
#   migrate    every service's migrations, one after another, then exits
#   emulators  local Stripe (12111), Strava (12112), DonorDrive (12113) and JustGiving (12114) emulators, for the compose `sandbox` profile
#
# Every workspace is built once in `build`; each runtime image gets only its own workspace's
# production dependencies (npm install --omit=dev --workspace …) and its compiled output. Runtime
# images run as uid 1000 (node) with tini as PID 1, so SIGTERM reaches node and the exit code is
# node's own. Docker Compose and Kubernetes reference these targets (docker-compose.yml, k8s/).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS node-base
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Only the manifests: dependency layers stay cached until a package.json or the lockfile changes.
FROM node-base AS manifests
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/server-kit/package.json libs/server-kit/
COPY services/identity/package.json services/identity/
COPY services/profiles/package.json services/profiles/
COPY services/billing/package.json services/billing/
COPY services/fitness/package.json services/fitness/
COPY services/community/package.json services/community/
COPY services/gateway/package.json services/gateway/
COPY tools/emulators/package.json tools/emulators/
COPY web/package.json web/

# ---------------------------------------------------------------- build (all workspaces, once)
# `npm ci` refuses this lockfile (it cannot list every platform's optional binaries); install
# honours it all the same.
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json .swcrc ./
COPY libs libs
COPY services services
COPY tools tools
COPY web web
# Google Analytics for the web build (empty: none, nothing sent); see docs/analytics.md.
ARG VITE_GA_MEASUREMENT_ID=""
RUN npm run build \
 && find libs services tools -path '*/dist/*' \
      \( -name '*.d.ts' -o -name '*.map' -o -name '.tsbuildinfo' \) -delete

# ---------------------------------------------------------------- production dependencies
FROM manifests AS deps-gateway
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace services/gateway --include-workspace-root=false --no-audit --no-fund
# Share cards read three weights of woff only: the fonts' woff2 files and other weights (~100 MB of
# Noto Sans SC / KR and Inter) never leave this stage. Every Twemoji SVG stays (any emoji may be drawn).
COPY services/gateway/build/prune-share-card-assets.mjs /tmp/
RUN node /tmp/prune-share-card-assets.mjs /app && rm /tmp/prune-share-card-assets.mjs

FROM manifests AS deps-identity
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace services/identity --include-workspace-root=false --no-audit --no-fund

FROM manifests AS deps-profiles
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace services/profiles --include-workspace-root=false --no-audit --no-fund

FROM manifests AS deps-billing
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace services/billing --include-workspace-root=false --no-audit --no-fund

FROM manifests AS deps-fitness
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace services/fitness --include-workspace-root=false --no-audit --no-fund

FROM manifests AS deps-community
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace services/community --include-workspace-root=false --no-audit --no-fund

FROM manifests AS deps-migrate
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace services/identity --workspace services/profiles \
      --workspace services/billing --workspace services/fitness --workspace services/community \
      --include-workspace-root=false --no-audit --no-fund

FROM manifests AS deps-emulators
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace tools/emulators --include-workspace-root=false --no-audit --no-fund

# ---------------------------------------------------------------- runtime bases
FROM node-base AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
# The code is owned by root and only readable by the app user; the root filesystem can be read-only
# (/tmp is the one writable place the processes use).
USER 1000:1000
ENTRYPOINT ["/usr/bin/tini", "--"]

FROM runtime AS service-runtime
ENV HEALTH_PORT=9000 SHUTDOWN_GRACE_MS=10000
EXPOSE 9000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.HEALTH_PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# ---------------------------------------------------------------- images
FROM runtime AS gateway
COPY --from=deps-gateway /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/gateway/dist services/gateway/dist
COPY --from=build /app/web/dist web/dist
ENV PORT=3000 HOST=0.0.0.0 WEB_DIST=/app/web/dist
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "services/gateway/dist/main.js"]

FROM service-runtime AS identity
COPY --from=deps-identity /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/identity/dist services/identity/dist
# Without SMTP_URL, mails are written here (a tmpfs / emptyDir in compose and Kubernetes).
ENV OUTBOX_DIR=/tmp/outbox
CMD ["node", "services/identity/dist/main.js"]

FROM service-runtime AS profiles
COPY --from=deps-profiles /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/profiles/dist services/profiles/dist
# Without SMTP_URL, challenge-claim mails are written here (a tmpfs / emptyDir in compose and Kubernetes).
ENV OUTBOX_DIR=/tmp/outbox
CMD ["node", "services/profiles/dist/main.js"]

FROM service-runtime AS billing
COPY --from=deps-billing /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/billing/dist services/billing/dist
CMD ["node", "services/billing/dist/main.js"]

FROM service-runtime AS fitness
COPY --from=deps-fitness /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/fitness/dist services/fitness/dist
CMD ["node", "services/fitness/dist/main.js"]

FROM service-runtime AS community
COPY --from=deps-community /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/community/dist services/community/dist
CMD ["node", "services/community/dist/main.js"]

FROM runtime AS migrate
COPY --from=deps-migrate /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/identity/dist services/identity/dist
COPY --from=build /app/services/profiles/dist services/profiles/dist
COPY --from=build /app/services/billing/dist services/billing/dist
COPY --from=build /app/services/fitness/dist services/fitness/dist
COPY --from=build /app/services/community/dist services/community/dist
HEALTHCHECK NONE
CMD ["sh", "-c", "for s in identity profiles billing fitness community; do node services/$s/dist/main.js migrate || exit 1; done"]

FROM runtime AS emulators
COPY --from=deps-emulators /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/tools/emulators/dist tools/emulators/dist
EXPOSE 12111 12112 12113 12114
HEALTHCHECK NONE
CMD ["node", "tools/emulators/dist/main.js"]
