# syntax=docker/dockerfile:1
# Parley as a self-contained Node.js server (Next's standalone output), run as a non-root user.
#   docker build -t parley .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e SESSION_SECRET=… parley
# Without DATABASE_URL it keeps an embedded database in /app/.data: mount a volume there.
# compose.yaml runs it next to PostgreSQL.

ARG NODE_VERSION=24

# 1. Build. The dependencies come first, from the lockfile only, so their layer stays cached
#    until package*.json change; npm's download cache is cleared in the same step, or it would
#    stay in that layer. One stage, not a dependencies stage copied into a build stage: that
#    copy is another full node_modules (1.2 GB) on the builder's disk.
#    .next/standalone then holds server.js and the traced node_modules and drizzle/.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && npm cache clean --force
COPY . .
# Turbopack bundles the highlighting Web Worker into chunks, and its server-side compile also
# copies the worker's TypeScript source into static/media as a plain asset nothing loads: keep
# source out of the image. Next's build cache is not needed past this step.
RUN npx next build && find .next/static -name '*.ts' -delete && rm -rf .next/cache

# 2. Runtime: only the standalone server, static assets and public files; no compilers, no source.
FROM node:${NODE_VERSION}-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    PGLITE_DIR=/app/.data/pglite
# Owned by root, so the server cannot rewrite its own code; it writes only its data folder and
# Next's cache. The standalone folder part by part: Next's file tracer also puts all of
# lib/server's TypeScript source in it, tests included, which nothing runs.
COPY --from=build /app/.next/standalone/server.js /app/.next/standalone/package.json ./
COPY --from=build /app/.next/standalone/.next ./.next
COPY --from=build /app/.next/standalone/node_modules ./node_modules
COPY --from=build /app/.next/standalone/drizzle ./drizzle
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
RUN mkdir -p /app/.data /app/.next/cache && chown node:node /app/.data /app/.next/cache
# The official image's unprivileged user `node`, by number: a runtime that must verify the user
# is not root (Kubernetes' runAsNonRoot) cannot resolve a name.
USER 1000:1000
EXPOSE 3000
VOLUME ["/app/.data"]
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
