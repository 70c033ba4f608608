# The reference image: one image for both tiers, the web tier by default and the API with
# `node build/api/main.js` (see compose.yaml). Not built where it was written (no Docker there).

# Builds the web tier and bundles both servers (needs the dev dependencies).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# What the bundles import at run time (sharp's prebuilt libvips for this platform included).
FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:20-bookworm-slim
WORKDIR /app
# glibc keeps less of what is freed with these (scripts/lib/product.ts sets the same for both tiers).
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
# DATA_DIR holds only uploads in progress (and the embedded database, if no DATABASE_URL): nothing to keep.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 8000
# The web tier's own port; the API's containers check API_PORT instead (compose.yaml).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node as PID 1 handles SIGTERM itself (the servers stop gracefully); compose adds an init for zombies.
# The heap limits as scripts/lib/product.ts gives them (WEB_HEAP_FLAGS).
CMD ["node", "--max-old-space-size=384", "--max-semi-space-size=8", "build/web-tier/web-server.js", "build/server/index.js"]
