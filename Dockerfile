# One image for every role: `node dist/api/src/server.js` (default) or `node dist/realtime/src/server.js`.
# syntax=docker/dockerfile:1

FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production AUTO_SAMPLE=false HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# `npm run import|admin|survey:figures|db:migrate` run the build through this launcher (no tsx here).
COPY --from=build --chown=node:node /app/scripts/cli.mjs ./scripts/cli.mjs
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 3001
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/api/src/server.js"]
