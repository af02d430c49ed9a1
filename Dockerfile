# syntax=docker/dockerfile:1
# Parley as a self-contained Node.js server (Next's standalone output), run as a non-root user.
#   docker build -t parley .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e SESSION_SECRET=… parley
# Without DATABASE_URL it keeps an embedded database in /app/.data: mount a volume there.
# compose.yaml runs it next to PostgreSQL.

ARG NODE_VERSION=24

# 1. Dependencies, from the lockfile only (cached until package*.json change).
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. Production build: .next/standalone holds server.js and the traced node_modules and drizzle/.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build

# 3. Runtime: only the standalone server, static assets and public files; no compilers, no source.
FROM node:${NODE_VERSION}-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    PGLITE_DIR=/app/.data/pglite
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
RUN mkdir -p /app/.data && chown node:node /app/.data
# The official image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
VOLUME ["/app/.data"]
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
