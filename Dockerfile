# syntax=docker/dockerfile:1
# The image runs exactly what the tests run here: `npm ci` and `npm run build` (the SPA and the
# server bundle), then `node apps/server/dist/server.js` (`npm run serve`) on production
# dependencies only. Build: docker build -t partner-portal .   Run: see compose.yaml.

# The workspace manifests and lockfile, which both installs below start from.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's runtime packages only: no web toolchain, no test tools, no TypeScript.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data LOG_FORMAT=json
WORKDIR /app
COPY --from=runtime-deps --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/packages/shared/package.json packages/shared/
COPY --from=build --chown=node:node /app/apps/server/package.json apps/server/
COPY --from=build --chown=node:node /app/apps/server/dist apps/server/dist
COPY --from=build --chown=node:node /app/apps/server/drizzle apps/server/drizzle
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const tls=!!process.env.TLS_CERT_FILE;require(tls?'node:https':'node:http').get({host:'127.0.0.1',port:process.env.PORT,path:'/api/ready',rejectUnauthorized:false},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1))"]
# The heap ceiling of `npm run serve` (docs/scaling.md "Memory"), as NODE_OPTIONS so a deployment
# that needs more sets its own.
ENV NODE_OPTIONS="--max-old-space-size=256"
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
